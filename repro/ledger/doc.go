// Package ledger records what a paper claims about its results next to what
// tracelab computes, one typed Entry per claim, with a verdict.
//
// An entry is one quantitative or testable statement of a paper: a table
// cell ("Table VI, KTH-SP2, processors: 3.82"), a number of the text
// ("average stack depth between 13 and 36"), or a qualitative claim ("FCFS's
// queue stays bounded under feedback"). Its fields are the paper, the item
// (Fig./Table/§), a stable identifier, the statement, the paper's value as
// the paper states it, our value, the tolerance, and the verdict:
//
//   - Agrees: our value is within the tolerance of the paper's;
//   - Differs: it is not (Reason says why, from a measurement, when we know);
//   - NotComparable: there is nothing to compare with — the paper's value is
//     blanked in our copy of the text (our value is still recorded, so it
//     can be checked against the original), or a log the paper used is not
//     available (Reason says which).
//
// Our value is always computed by code: entries are made by the
// reproduction packages (repro/<paper>) from the results of the library,
// never typed in. The paper's value is typed in the reproduction package,
// as an Expectation (Approx, Near, Between, AtLeast, AtMost, or a claim that
// holds), with the paper's own words in Entry.Quote where the value comes
// from the text, so that VerifyQuotes can check every transcription against
// the paper file.
//
// Every entry has a Kind: PaperClaim (a statement of the paper about its
// results: the only kind in a paper's verdict totals), SelfCheck (our
// configuration, an identity, a value derived from the paper's own numbers:
// AsCheck, with its Basis; listed apart, never counted as agreement) or
// Ours (a result beyond the papers: Own, OwnClaim; the "paper value" is the
// hypothesis we tested). A numeric entry stores its expectation as a Want,
// so a stored entry can be judged again (Rejudge); InTable places it in a
// table of several logs, and MarkDiscrimination marks the agreements that
// would also agree with another log's paper value, or whose tolerance holds
// another log's paper value ("agrees, not discriminating", see
// Discrimination) and, as Untested ("agrees,
// untested"), the agreeing claims with no other log's value to be told from
// (outside a table, alone in their column, or judged by an expectation
// derived from our own value, RelativeTo: another log's such value is ours,
// not the paper's): an agreement singles out its log only when it was
// tested against paper values, never by default. Apart from them it marks
// Powered ("tested with power", PowerRule): an agreement of a likeness
// stated alike for every log whose tolerance, derived from its own noise
// (FromNoise; Like with a standard error), rejects every departure
// measured on the column's other logs. Printed is the tolerance rule for a
// printed number: half a unit of its last digit plus twice our standard
// error. StandIn records a value of a stand-in log (another version, year
// or machine than the paper's, or a reconstruction of an input the paper
// had), and OnStandIn marks any entry made on one (Entry.StandIn): a claim
// on a stand-in is not comparable, whichever way it would fall, with ours
// shown (InputCount decides by InputRule whether a paper's count of its
// input makes our log one). Consistency checks what every ledger must keep
// (unique ids, no claim on a stand-in that agrees or differs, reasons that
// are not blank, discrimination computed for tables of several logs, and
// every explained difference saying how its reason was found).
//
// A difference is explained only by ExplainedBy, with a Found: an input
// fact, one reading measured, or the best of several readings measured
// (their number kept); for a random procedure, the seeds measured and the
// rule of the verdict applied to the convention (SeedsRule: its statistic
// judged over the seeds, Found.OverSeeds; counted only, it must hold at
// every seed, Found.AtSeeds). A convention is a
// reason only when it is Justified over its table (Tally) and brings the
// entry within; its Found carries that tally, one per seed
// (Found.WithTally), and ExplainedBy and Consistency hold it to the rule
// (Found.Justified), so that a stored ledger shows the count its reason
// rests on; anything else measured — a mechanism, a bound, a
// restatement — is shown with our value (Measured) and the entry stays
// unexplained. Summarize counts the reasons chosen among several readings
// apart (Summary.ExplainedAmongReadings), so that the unexplained share
// can be read without them.
//
// A Ledger collects the entries of one paper; Frame, WriteCSV, WriteJSON,
// WriteText and WriteMarkdown show it; Summarize counts by kind (claims by
// verdict, agreements not discriminating, differences unexplained and
// differences explained by a reason chosen among readings apart;
// checks apart, their failures without a reason counted unexplained as a
// claim's difference is (Entry.Unexplained); ours apart). A Snapshot is a
// paper's whole ledger saved as JSON with its mode, commit and code hash
// (repro/ledgers, the quick-mode baselines); Snapshot.Compare fails an
// entry that is gone, changes verdict or moves beyond its Drift. Duplicates
// finds one claim under two ids. Items lists the numbered figures and
// tables of a paper with their notebook section (REPRODUCTION.md).
//
// # Words
//
// The papers' words are read by class, one rule each, the same in every
// paper (WordRule; the helpers Above, Below, Most, Like, ABit and Much):
//
//   - directions (higher, lower, more, shorter, improves, correlated, and
//     "most" as more than half) hold only beyond their reference by more
//     than twice our standard error when the sentence is about a quantity
//     with sampling or replicate error (a rate, an average or tendency of
//     behaviour, an effect, an estimate, the outcome of a random
//     procedure); strictly when it describes a finite population exactly
//     (a table's counts of a log's own units, the paper's own cases) or
//     the error was not measured;
//   - magnitudes without a number (a few, rarely, often, much, a very
//     large fraction) get one threshold of ours per word, compared as
//     stated;
//   - likeness (about, around, close to, similar, the same) is the
//     tolerance rule (Printed) with a number the paper measured; around a
//     reference the words name, within twice our standard error where it
//     is measured and within a factor LikeFactor = 1.25 where it is not,
//     unless the sentence itself draws the line; "a bit" is a direction
//     within that factor, "much" a direction beyond it;
//   - an entry on a random procedure measured at several seeds is judged
//     over all of them, never at one (SeedsRule, MeanOverSeeds): by the
//     mean of the seeds' values with its standard error, a direction
//     beyond its reference by more than twice it (each part of a
//     statement of several), a likeness within twice it, a printed
//     number, a range or a threshold of ours as stated on the mean.
//
// A statement that something can or may happen is a check when it is a
// possibility the definitions allow, shown by an example or a conceptual
// drawing, and a claim when it is about the paper's results
// (PossibilityRule).
//
// # Statuses
//
// An item's status is never typed: StatusOf computes it from the ledger by
// one rule (StatusRule, stated at the top of REPRODUCTION.md). The entries
// of kind PaperClaim whose Item is the item's name count, and those of other
// items that carry its statements when the item names them (Item.CarriedBy):
//
//   - not reproduced: some claim is comparable and none agrees, or a main
//     claim — the entry marked with (*Entry).Main as carrying the item's
//     central statement — differs, or nothing can be computed: every claim
//     is on a log of the paper we do not have ((*Ledger).MissingLog, the
//     one constructor every paper's missing-log helper calls);
//   - reproduced: every claim agrees (and there is at least one), and some
//     agreement singles out its log (tested against the other logs' paper
//     values: neither NotDiscriminating nor Untested);
//   - reproduced, not discriminating: every claim agrees (at least one),
//     none singling out its log — the paper's statements hold on our logs,
//     but nothing shows they would not hold on another log's values;
//   - partial: otherwise — some differ, or some are NotComparable (a log or
//     a value missing);
//   - nothing to compare: it has claims, none is comparable, and not every
//     one is on a missing log (a blanked paper value, a stand-in log);
//   - no claim: it has no entry at all.
//
// An item with no claim and results of our own is "ours only"; one with no
// claim and only checks is "checks only".
// Checks and results of ours never make an item reproduced. The status
// comes with the counts behind it ("7 of 27 differ (2 unexplained); 3 not
// comparable, on missing logs (logs missing: ANL-Intrepid)"); Item.Note says what is different about our input.
package ledger
