package zakay2014

import (
	"cmp"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"

	"github.com/tracelab/tracelab/sim"
	"github.com/tracelab/tracelab/sim/feedback"
)

// Where the logs' holds could come from (session 26). idleWait measured
// that the original schedulers of HPC2N, CEA-Curie and SDSC-DS held jobs
// while their processors were free. The logs' headers document these
// policies: SDSC-DS's queues (express: 2 h, 8 nodes, "weekdays"; high and
// normal: 18 h, 164 nodes; the p690 queues 7 nodes) and its partitions
// (explain18: measured as pools, idle shares stay 0.49–0.95), HPC2N's
// "MAUI scheduler" with one queue, CEA-Curie's Slurm with 33 partition
// names; none documents a user limit, a reservation or a dependency (SWF
// fields 17 and 18 are −1 on all three logs). What the logs allow us to
// measure of such policies is below; none is a convention that brings an
// entry within its claim.

// userLimitAt is the running-job count of one user at which HPC2N's Maui
// held jobs (session 25: 5,078 jobs that waited more than 60 s arrived
// with their user running exactly 60 jobs, 83 with 61, none with more).
const userLimitAt = 60

// userLimitWait returns two bounds on the share of the logged wait (job-
// seconds, jobs of known wait) that a per-user limit could have held:
// atJobs, the share that passed while the waiting job's user had limit or
// more jobs running; overPeak, the share that passed while the job's
// processors and those of its user's running jobs together exceeded the
// most that user ever held at once in the log. A limit on a user's
// running processors that the log obeys is at least that user's peak, so
// overPeak bounds what any such limit could hold. NaN when no job waited.
func userLimitWait(jobs []sim.Job, limit int) (atJobs, overPeak float64) {
	type step struct {
		t           float64
		jobs, procs int
	}
	type event struct {
		t      float64
		dj, dp int
	}
	evs := map[int][]event{}
	for _, j := range jobs {
		if knownWait(j) && j.Runtime > 0 {
			start := j.Submit + j.Wait
			evs[j.User] = append(evs[j.User], event{start, 1, j.Procs}, event{start + j.Runtime, -1, -j.Procs})
		}
	}
	steps, peak := map[int][]step{}, map[int]int{}
	for u, es := range evs {
		slices.SortFunc(es, func(a, b event) int {
			if a.t != b.t {
				return cmp.Compare(a.t, b.t)
			}
			return cmp.Compare(a.dj, b.dj)
		})
		ss := []step{{t: math.Inf(-1)}}
		n, p := 0, 0
		for _, e := range es {
			n, p = n+e.dj, p+e.dp
			if last := &ss[len(ss)-1]; last.t == e.t {
				last.jobs, last.procs = n, p
			} else {
				ss = append(ss, step{e.t, n, p})
			}
			peak[u] = max(peak[u], p)
		}
		steps[u] = ss
	}
	all, atLimit, over := 0.0, 0.0, 0.0
	for _, j := range jobs {
		if !knownWait(j) || !(j.Wait > 0) {
			continue
		}
		from, to := j.Submit, j.Submit+j.Wait
		all += j.Wait
		ss := steps[j.User]
		if len(ss) == 0 {
			continue
		}
		k, _ := slices.BinarySearchFunc(ss, from, func(s step, t float64) int { return cmp.Compare(s.t, t) })
		if k == len(ss) || ss[k].t > from {
			k--
		}
		for ; k < len(ss) && ss[k].t < to; k++ {
			end := math.Inf(1)
			if k+1 < len(ss) {
				end = ss[k+1].t
			}
			d := min(end, to) - max(ss[k].t, from)
			if d <= 0 {
				continue
			}
			if ss[k].jobs >= limit {
				atLimit += d
			}
			if ss[k].procs+j.Procs > peak[j.User] {
				over += d
			}
		}
	}
	if all == 0 {
		return math.NaN(), math.NaN()
	}
	return atLimit / all, over / all
}

// sequencedWait returns the share of the logged wait (job-seconds, jobs of
// known wait) of the jobs that waited more than a minute and started
// within window seconds after the end of one of their user's jobs that
// ended after they were submitted: jobs released by their user's previous
// job (a dependency, or a hold of the user's), which the logs do not
// record (SWF fields 17 and 18 are −1) and a simulation of processors
// alone does not have. With shift, each job's start is first moved back by
// shift(j) seconds (0 ≤ shift < the job's wait): a chance baseline.
// NaN when no job waited.
func sequencedWait(jobs []sim.Job, window float64, shift func(j sim.Job) float64) float64 {
	ends := map[int][]float64{}
	for _, j := range jobs {
		if knownWait(j) && j.Runtime > 0 {
			ends[j.User] = append(ends[j.User], j.Submit+j.Wait+j.Runtime)
		}
	}
	for _, es := range ends {
		slices.Sort(es)
	}
	all, seq := 0.0, 0.0
	for _, j := range jobs {
		if !knownWait(j) || !(j.Wait > 0) {
			continue
		}
		all += j.Wait
		if j.Wait <= 60 {
			continue
		}
		start := j.Submit + j.Wait
		if shift != nil {
			start -= shift(j)
		}
		es := ends[j.User]
		k, found := slices.BinarySearch(es, start)
		if found { // the last end at or before start
			for k+1 < len(es) && es[k+1] == start {
				k++
			}
		} else {
			k--
		}
		if k >= 0 && start-es[k] <= window && es[k] > j.Submit {
			seq += j.Wait
		}
	}
	if all == 0 {
		return math.NaN()
	}
	return seq / all
}

// knownWait: a job of known logged wait, runtime and width (idleWait's
// jobs).
func knownWait(j sim.Job) bool { return j.Wait >= 0 && j.Runtime >= 0 && j.Procs > 0 }

// waitCausesSeed seeds sequencedWait's chance baseline in the entries'
// notes.
const waitCausesSeed = 2026

// sequenceWindow is how soon after an end of its user's job a job's
// start counts as released by it (sequencedWait), in seconds.
const sequenceWindow = 10

// waitCauses is what userLimitWait and sequencedWait measure of one log.
type waitCauses struct {
	atLimit, overPeak, seq, chance float64
	seed                           uint64 // the chance baseline's
}

// measureWaitCauses measures jobs' waitCauses, the chance baseline's
// shifts drawn from a PCG stream seeded by seed, in job order.
func measureWaitCauses(jobs []sim.Job, seed uint64) waitCauses {
	c := waitCauses{seed: seed}
	c.atLimit, c.overPeak = userLimitWait(jobs, userLimitAt)
	c.seq = sequencedWait(jobs, sequenceWindow, nil)
	r := rand.New(rand.NewPCG(seed, 0))
	c.chance = sequencedWait(jobs, sequenceWindow, func(j sim.Job) float64 { return r.Float64() * j.Wait })
	return c
}

// note shows waitCauses beside idleWait's share in an entry.
func (c waitCauses) note() string {
	if math.IsNaN(c.seq) {
		return ""
	}
	return fmt.Sprintf("; of the logged wait, a limit of %d running jobs per user could have held at most %.3f, and a limit on a user's processors that the log obeys at most %.3f (the log's header documents no user limit), while %.3f belongs to jobs that started within %d s after one of their user's jobs ended (%.3f with each start moved back at random within its wait, seed %d): their users' own sequencing, which the log does not record",
		userLimitAt, c.atLimit, c.overPeak, c.seq, sequenceWindow, c.chance, c.seed)
}

// releaseSequenced returns jobs with each job sequencedWait counts (it
// waited more than a minute and started within sequenceWindow seconds
// after an end of its user's job that ended after it was submitted)
// submitted at that end instead, its logged wait shortened to what is
// left: the log read as if those jobs had been held by their user, not
// by the scheduler. The others are as given; jobs is not changed.
func releaseSequenced(jobs []sim.Job) []sim.Job {
	ends := map[int][]float64{}
	for _, j := range jobs {
		if knownWait(j) && j.Runtime > 0 {
			ends[j.User] = append(ends[j.User], j.Submit+j.Wait+j.Runtime)
		}
	}
	for _, es := range ends {
		slices.Sort(es)
	}
	out := slices.Clone(jobs)
	for i, j := range out {
		if !knownWait(j) || j.Wait <= 60 {
			continue
		}
		start := j.Submit + j.Wait
		es := ends[j.User]
		k, found := slices.BinarySearch(es, start)
		if found {
			for k+1 < len(es) && es[k+1] == start {
				k++
			}
		} else {
			k--
		}
		if k >= 0 && start-es[k] <= sequenceWindow && es[k] > j.Submit {
			out[i].Submit, out[i].Wait = es[k], start-es[k]
		}
	}
	return out
}

// releasedFIFO simulates w's jobs, those of sequencedWait released at
// their user's job's end (releaseSequenced), under FCFS on w's machine,
// and returns the mean simulated wait over the mean logged wait so
// shortened (jobs of known logged wait, meanWaitRatio's measure), and
// idleWait of the shortened logged waits. Measured, session 26
// (TestReleasedFIFO): HPC2N 0.347 and 0.985, against 0.309 and 0.987 as
// logged.
func releasedFIFO(w *feedback.Workload) (ratio, idle float64, err error) {
	jobs := releaseSequenced(w.Jobs)
	r, err := sim.Run(jobs, w.Procs, &sim.FCFS{}, sim.EngineOptions{})
	if err != nil {
		return 0, 0, err
	}
	logged, simulated := 0.0, 0.0
	for i, j := range jobs {
		if j.Wait >= 0 {
			logged += j.Wait
			simulated += r.Wait(i)
		}
	}
	return simulated / logged, idleWait(jobs, w.Procs), nil
}

// releasedNote shows releasedFIFO on fifo-much-worse where it differs.
func releasedNote(ratio, idle float64) string {
	return fmt.Sprintf("with the jobs that started within %d s after one of their user's jobs ended submitted at that end instead (their logged waits shortened to the rest, a reading of ours), the conventional FCFS simulation's mean wait is %.3f of the logged one, and %.3f of the logged wait still passed with the waiting job's processors free: the users' sequencing is not what makes the log's waits long",
		sequenceWindow, ratio, idle)
}
