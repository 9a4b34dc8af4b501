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
// Entries of our own results (experiments beyond the papers) carry
// Kind Ours: their "paper value" is the hypothesis we tested.
//
// A Ledger collects the entries of one paper; Frame, WriteCSV, WriteJSON and
// WriteText show it; Totals counts verdicts; Regressions compares a ledger
// with a saved baseline and lists the entries that agreed there and no
// longer do. Items lists the numbered figures and tables of a paper with
// their reproduction status and notebook section (REPRODUCTION.md).
package ledger
