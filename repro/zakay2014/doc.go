// Package zakay2014 reproduces N. Zakay and D. G. Feitelson, "Preserving
// user behavior characteristics in trace-based simulation of parallel job
// scheduling", MASCOTS 2014,
// papers/zakay-feitelson-2014-preserving-user-behavior.txt, in notebook
// notebooks/02-preserving-user-behavior.ipynb.
//
// Every numbered figure and table of the paper (Figs 1–10, Table I) is an
// item of Paper, computed by a method of Study:
//
//	§IV   Figs 1, 2, 4  sessions and batches, the follows and depends-on relations (Structure)
//	§V    Fig. 3        the toy schedule: log, conventional FCFS, FCFS with feedback (Fig3)
//	§VII  —             the adjusted model under the logged schedule reproduces every arrival (Invariant)
//	§VII  Figs 5–9      arrivals per hour of the week, activity per user, each user model (Models)
//	§VII  Table I       average wait, conventional and each user model (TableI)
//	§VIII Fig. 10       queue lengths, conventional and feedback, EASY and FCFS (Fig10)
//
// The simulations are the library's (sim/feedback: the mechanism of §VI and
// the user models of §VII; analytics/session: Definitions 1–12): this
// package holds only what is specific to the paper — its logs, its toy
// example, its table layout and its claims. Table I's values are blanked in
// our copy of the text (bullets), so its cells are recorded as ours, and the
// paper's statements about them are checked as claims.
//
// CEA-Curie's header describes thin, fat and hybrid nodes and 33
// partitions, SDSC-DS's three partitions on p655 and p690 nodes; the paper
// does not say how it simulated either. Their entries simulate each as one
// machine of the header's processors (93,312 and 1,664); the convention
// partitions, measured beside them, simulates each pool of nodes as a
// machine of its own (logPools gives the mapping and why).
package zakay2014
