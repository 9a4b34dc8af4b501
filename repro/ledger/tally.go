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
//
// A reason's Found stores its tallies (Found.WithTally), one per seed
// measured, under these JSON names, so that a stored ledger can be
// checked against the rule without the code that made it.
type Tally struct {
	N          int `json:"n"`
	AsComputed int `json:"as_computed"`
	Within     int `json:"within"`
	Gained     int `json:"gained"`
	Lost       int `json:"lost"`
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

// NetGain is Within − AsComputed: how many more entries the convention
// brings within than our reading does.
func (t Tally) NetGain() int { return t.Within - t.AsComputed }

// consistent reports whether t's counts can come from Add: each count
// within N, and Within − AsComputed = Gained − Lost.
func (t Tally) consistent() bool {
	in := func(x int) bool { return x >= 0 && x <= t.N }
	return in(t.AsComputed) && in(t.Within) && in(t.Gained) && in(t.Lost) &&
		t.Gained <= t.Within && t.Lost <= t.AsComputed && t.Within-t.AsComputed == t.Gained-t.Lost
}
