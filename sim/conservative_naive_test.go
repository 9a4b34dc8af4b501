package sim

// naiveProfile is the plain reference the profile tests compare profile
// and dprofile with: the number of free processors at each integer time
// from 0 on.
type naiveProfile []int

// newNaiveProfile returns the naive profile of a machine of total free
// processors over [0, length).
func newNaiveProfile(total, length int) naiveProfile {
	a := make(naiveProfile, length)
	for i := range a {
		a[i] = total
	}
	return a
}

// take makes w fewer processors free over [s, e) (w more when negative).
func (a naiveProfile) take(s, e, w int) {
	for u := s; u < e; u++ {
		a[u] -= w
	}
}

// fits reports whether at least w processors are free over [s, e).
func (a naiveProfile) fits(s, e, w int) bool {
	for u := s; u < e; u++ {
		if a[u] < w {
			return false
		}
	}
	return true
}
