// Package users classifies a log's users and describes them one row per
// user, following Zakay and Feitelson, "Workload resampling for performance
// evaluation of parallel job schedulers" (Concurrency and Computation:
// Practice and Experience, 2013):
//
//   - user classes (§4, Fig. 3, Table V): a user whose activity — from the
//     first job to the last — spans more than 12 weeks is long-term, any
//     other is temporary; a temporary user whose activity touches the first
//     or the last 4 weeks of the log is discarded, since its activity was
//     probably truncated (Truncation: this reading reproduces Table V; the
//     literal wording of §4, whole activity within those 4 weeks, is the
//     option WithinEdge);
//   - per-user marginals (§5.1, Fig. 4): the number of jobs, number of
//     sessions, average session length, CPU work, first arrival, final
//     departure and period of activity of each user, each sorted across
//     users, and the job arrivals per hour of the week in the log's own
//     time zone.
//
// Sessions are those of package session (one-hour gap, Definition 1 of
// Zakay and Feitelson 2014).
//
// Plot builders are in the sub-package usersplot.
package users
