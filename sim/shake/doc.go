// Package shake perturbs a workload by small random shifts of its arrival
// times ("input shaking", Tsafrir, Ouaknine and Feitelson, MASCOTS 2007),
// at the three levels that Zakay and Feitelson (2013), §6.5.3, propose:
// each job independently (the original formulation), whole sessions, or
// the whole sub-trace of each user. Repeating a simulation over many shaken
// versions gives a distribution of a metric instead of one point, which is
// less sensitive to accidents of the log such as one job's runtime.
//
// Shaking at the job level can put a user's later job before an earlier
// one, or before the logged end of the job it followed; a session or user
// shifts as a block, and sessions are cut only where no such dependency can
// break, so the session and user levels keep both (Broken counts them).
//
// Experiment runs shaken replicates of a scheduler simulation as a sweep
// (package sweep), optionally paired with a variant of the workload shaken
// identically (common random numbers), to measure sensitivity.
package shake
