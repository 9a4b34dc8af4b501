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
//     option WithinEdge); the logging period runs from the first
//     submission to the last (PeriodStart: the default, with the
//     archive's evidence that a cleaned log's time 0 need not be a start of
//     logging) or from the log's time 0 (AtLogStart, for a version that
//     still had the first jobs a cleaning removed). On the archive logs of
//     the project's data, AtLogStart moves SDSC-SP2 (time 0 6.6 days
//     before its first job: 221 temporary users instead of 220 with
//     TouchesEdge, 245 instead of 242 with WithinEdge), HPC2N (4.0 days:
//     75 instead of 74; WithinEdge 77 either way), SDSC-DS (24.7 days: 196
//     instead of 188; WithinEdge 224 instead of 219) and KTH-SP2 (6.9 days:
//     WithinEdge 84 instead of 82; TouchesEdge 65 either way); SDSC-BLUE
//     (5.0 days) keeps every class; LANL-CM5, SDSC-Par-1996, CTC-SP2,
//     LLNL-Thunder and OSC-Clust begin at time 0 anyway; CEA-Curie's time 0
//     lies a year before its first job, and AtLogStart is an error there;
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
