// Package session partitions each user's jobs into sessions and batches and
// derives the relations between batches that a feedback simulation needs,
// following Zakay and Feitelson, "Preserving user behavior characteristics in
// trace-based simulation of parallel job scheduling" (MASCOTS 2014):
//
//   - a session (Definition 1, §IV) is a maximal run of one user's jobs whose
//     successive inter-arrival times are at most one hour;
//   - a batch (Definitions 2–3, §IV) is a connected component of the graph
//     whose edges join overlapping jobs of one session, where j1 and j2
//     (j1.arrival < j2.arrival) overlap when j1.end > j2.arrival; it is found
//     in one scan of the session by arrival, tracking the latest end;
//   - "follows" (Definition 8, §IV) orders all the batches of a user by
//     arrival: b_{i+1} follows b_i;
//   - "depends on" (Definition 12, §VI) links a batch to the previous batch of
//     its session (rule 1) and the first batch of a session to the last batch
//     of every earlier session that had finished before it began (rule 2);
//   - think time and inter-arrival time of a batch (§VII): the time from the
//     termination of the batches it depends on to its arrival, and the time
//     from the last arrival of the batch it follows to its arrival.
//
// Only submit and end times are used, never start times alone: a job's end
// is submit + wait + runtime (start time reflects the scheduler, not the
// user). How a job with an unknown end is treated is an option (UnknownEnd).
//
// Continuation measures, as in Feitelson, "Resampling with feedback" (2021,
// Fig. 18, after Shmueli and Feitelson 2007), how likely a user is to submit
// the next job within 20 minutes of the previous one's end, as a function of
// that job's response time or slowdown.
//
// Results are typed (struct of slices, Structure) for the simulation code;
// the Frame methods build Gota frames from them for notebooks and the CLI.
//
// Plot builders are in the sub-package sessionplot.
package session
