package ledger

// A Tally counts a convention — a reading or an input the paper does not
// state (runtimes in whole minutes, days cut at UTC−7, a stand-in log) —
// over the comparable entries of a table or item: N entries, AsComputed
// within their tolerance under our reading, Within under the convention,
// Gained and Lost between the two.
//
// The rule for a reason (first stated in repro/lublin2003's conventions):
// a convention may explain an entry that differs only when it is Justified
// — applied to every log and entry it brings more of them within than our
// reading does, with that entry left out — and it brings that entry
// within. It is never chosen for one entry alone (Justified); an entry no justified convention brings within stays
// unexplained, with what the conventions give in our value (Measured).
type Tally struct {
	N, AsComputed, Within, Gained, Lost int
}

// Add counts one entry: whether it is within its tolerance under our
// reading (was) and under the convention (now).
func (t *Tally) Add(was, now bool) {
	t.N++
	if was {
		t.AsComputed++
	}
	if now {
		t.Within++
	}
	if now && !was {
		t.Gained++
	}
	if was && !now {
		t.Lost++
	}
}

// Justified reports whether the convention brings more entries within than
// our reading does even with any one entry it brings within left out: only
// then may it be an entry's reason. A convention whose whole net gain is
// one entry would be chosen for that entry alone, so it needs a net gain
// (Within − AsComputed) of at least two.
func (t Tally) Justified() bool { return t.Within-t.AsComputed >= 2 }
