// Package similarity measures how alike a user's jobs are as a function of
// their distance in sessions, following Zakay and Feitelson, "Workload
// resampling for performance evaluation of parallel job schedulers"
// (Concurrency and Computation: Practice and Experience, 2013), §3.
//
// The similarity of two jobs with respect to an attribute (processors used,
// runtime, or requested runtime) is
//
//	r = min{j1.att, j2.att} / max{j1.att, j2.att}
//
// in [0, 1], 1 meaning identical. Two sessions of a user are compared
// through all pairs of jobs taking one from each (distance d ≥ 1, the
// sessions' difference in position in the user's sequence) or all pairs of
// distinct jobs of one session (distance 0); the pairs are summarised by
// their average similarity and the fraction that are identical (§3,
// Fig. 1). Per user, the similarity at distance d is the average over the
// user's session pairs at that distance; Tables II–IV give the fractions of
// users whose similarity is higher at distance 0 than 1, and at 1 than 2.
// Fig. 2 compares the similarity within sessions with its distribution when
// each user's jobs are shuffled among the user's sessions, keeping session
// sizes (a randomisation bootstrap).
//
// Sessions are those of package session (Definition 1 of Zakay and
// Feitelson 2014: a one-hour gap).
//
// Plot builders are in the sub-package similarityplot.
package similarity
