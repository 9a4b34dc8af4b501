package sacct

import (
	"bytes"
	"context"
	"fmt"
	"math"
	"os"
	"os/exec"
	"os/user"
	"strings"
	"testing"
	"time"

	"github.com/tracelab/tracelab/datasets"
)

// needAccounting skips the test without a Slurm with accounting (SLURM_CONF
// and sacct) or without root (useradd); in CI (CI set), where the tests
// run under scripts/slurm-harness.sh as root, it fails instead.
func needAccounting(t *testing.T) {
	t.Helper()
	why := ""
	switch {
	case os.Getenv("SLURM_CONF") == "":
		why = "SLURM_CONF is not set"
	case os.Geteuid() != 0:
		why = "creating test users needs root"
	default:
		if out, err := exec.Command("sacct", "-n", "-X", "-j", "1").CombinedOutput(); err != nil {
			why = fmt.Sprintf("sacct does not answer: %v: %s", err, out)
		}
	}
	if why == "" {
		return
	}
	msg := "this test needs a running Slurm with accounting and root (" + why + "); run it as root under scripts/slurm-harness.sh run -- go test ./datasets/sacct/"
	if os.Getenv("CI") != "" {
		t.Fatal(msg)
	}
	t.Skip(msg)
}

// testUsers creates the local users (unless they exist) and removes the
// ones it created when the test ends.
func testUsers(t *testing.T, names ...string) {
	t.Helper()
	for _, n := range names {
		if _, err := user.Lookup(n); err == nil {
			continue
		}
		if out, err := exec.Command("useradd", "--no-create-home", "--shell", "/bin/sh", n).CombinedOutput(); err != nil {
			t.Fatalf("useradd %s: %v: %s", n, err, out)
		}
		t.Cleanup(func() { exec.Command("userdel", n).Run() })
	}
}

// submitted is a job the test submitted and what it expects of it.
type submitted struct {
	id     string // Slurm job id (array: the array's id)
	user   string
	procs  int
	limit  float64 // requested time, s (NaN: unknown)
	sleep  float64 // the job's run time, s (NaN: not checked)
	state  string  // sacct state word
	status int     // SWF status
	tasks  int     // array tasks (0: not an array)
	// sbatch ran from at[0] to at[1]; the test cancelled the job from
	// ended[0] to ended[1] (zero: it ended by itself).
	at, ended [2]time.Time
	never     bool // never started
	jobsSeen  int  // jobs of the trace that are this one (array tasks)
}

// TestRealSlurm submits a small workload to a real Slurm with accounting —
// three users, one and two processors, time limits, a job that fails, one
// that times out, one cancelled while running, one cancelled while held,
// a job array — waits for it, runs sacct with Format, imports the output
// and checks the trace against what was submitted: jobs, users, sizes,
// states, and times to the second: each logged submit and cancel time
// lies within the second in which the test saw it happen.
func TestRealSlurm(t *testing.T) {
	needAccounting(t)
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	users := []string{"tlq_alice", "tlq_bob", "tlq_carol"}
	testUsers(t, users...)
	run := func(name string, args ...string) string {
		t.Helper()
		out, err := exec.CommandContext(ctx, name, args...).CombinedOutput()
		if err != nil {
			t.Fatalf("%s %s: %v: %s", name, strings.Join(args, " "), err, out)
		}
		return strings.TrimSpace(string(out))
	}
	sbatch := func(s *submitted, args ...string) {
		t.Helper()
		base := []string{"-u", s.user, "--", "sbatch", "--parsable", "--chdir=/tmp", "--output=/dev/null", "--job-name=tracelab-sacct"}
		s.at[0] = time.Now()
		s.id = run("runuser", append(base, args...)...)
		s.at[1] = time.Now()
		if i := strings.IndexByte(s.id, ';'); i >= 0 { // "id;cluster"
			s.id = s.id[:i]
		}
	}
	waitState := func(id, want string) {
		t.Helper()
		for ctx.Err() == nil {
			if strings.TrimSpace(run("squeue", "-h", "-j", id, "-o", "%T")) == want {
				return
			}
			time.Sleep(100 * time.Millisecond)
		}
		t.Fatalf("job %s never %s", id, want)
	}
	nan := math.NaN()
	var jobs []*submitted
	job := func(s submitted, args ...string) *submitted {
		sbatch(&s, args...)
		jobs = append(jobs, &s)
		return &s
	}
	// First the job that times out: Slurm checks limits every 30 s or so.
	// Its limit is cut to 0 once it runs, which sacct then prints blank.
	timeout := job(submitted{user: "tlq_carol", procs: 1, limit: nan, sleep: nan, state: "TIMEOUT", status: 0},
		"-n1", "--time=5", "--wrap", "sleep 300")
	job(submitted{user: "tlq_alice", procs: 1, limit: 120, sleep: 2, state: "COMPLETED", status: 1}, "-n1", "--time=2", "--wrap", "sleep 2")
	job(submitted{user: "tlq_alice", procs: 2, limit: 180, sleep: 1, state: "COMPLETED", status: 1}, "-n2", "--time=3", "--wrap", "sleep 1")
	job(submitted{user: "tlq_bob", procs: 1, limit: 60, sleep: 0, state: "FAILED", status: 0}, "-n1", "--time=1", "--wrap", "exit 3")
	job(submitted{user: "tlq_bob", procs: 1, limit: 120, sleep: 1, state: "COMPLETED", status: 1, tasks: 3},
		"-n1", "--time=2", "--array=0-2", "--wrap", "sleep 1")
	running := job(submitted{user: "tlq_carol", procs: 1, limit: 240, sleep: nan, state: "CANCELLED", status: 5},
		"-n1", "--time=4", "--wrap", "sleep 300")
	held := job(submitted{user: "tlq_alice", procs: -1, limit: 300, sleep: nan, state: "CANCELLED", status: 5, never: true},
		"-n1", "--time=5", "--hold", "--wrap", "sleep 1")

	cancelJob := func(s *submitted) {
		s.ended[0] = time.Now()
		run("scancel", s.id)
		s.ended[1] = time.Now()
	}
	cancelJob(held)
	waitState(timeout.id, "RUNNING")
	run("scontrol", "update", "JobId="+timeout.id, "TimeLimit=0")
	waitState(running.id, "RUNNING")
	time.Sleep(time.Second)
	cancelJob(running)

	// Wait until every job has ended and slurmdbd has its end state.
	ids := make([]string, len(jobs))
	for k, s := range jobs {
		ids[k] = s.id
	}
	var out string
	for {
		out = run("sh", "-c", "TZ=UTC sacct --allocations --parsable2 --allusers --format "+Format+" -j "+strings.Join(ids, ","))
		if !strings.Contains(out, "PENDING") && !strings.Contains(out, "RUNNING") && strings.Count(out, "\n") >= len(jobs)+2 {
			break
		}
		if ctx.Err() != nil {
			t.Fatalf("jobs still running after 90 s:\n%s", out)
		}
		time.Sleep(250 * time.Millisecond)
	}
	im, err := Read(strings.NewReader(out+"\n"), Options{Name: "real", Location: time.UTC})
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	tr := im.Trace
	if want := len(jobs) + 2; tr.Len() != want {
		t.Fatalf("%d jobs, want %d:\n%s", tr.Len(), want, out)
	}
	origin := float64(tr.Header.UnixStartTime)
	// Slurm logs whole seconds: a time the test saw happen between t[0]
	// and t[1] is logged from the second of t[0] to t[1].
	within := func(a float64, t [2]time.Time) bool {
		return a >= float64(t[0].Unix()) && a <= float64(t[1].UnixNano())/1e9
	}
	for i := range tr.Len() {
		id := im.SlurmID[i]
		var s *submitted
		for _, c := range jobs {
			if id == c.id || strings.HasPrefix(id, c.id+"_") {
				s = c
			}
		}
		if s == nil {
			t.Errorf("job %s was not submitted by the test", id)
			continue
		}
		s.jobsSeen++
		if name := im.Users[tr.User[i]-1]; name != s.user {
			t.Errorf("job %s: user %s, want %s", id, name, s.user)
		}
		if tr.Procs[i] != s.procs || tr.ReqProcs[i] != max(s.procs, 1) {
			t.Errorf("job %s: procs %d (requested %d), want %d", id, tr.Procs[i], tr.ReqProcs[i], s.procs)
		}
		if got := tr.ReqTime[i]; !(got == s.limit || math.IsNaN(got) && math.IsNaN(s.limit)) {
			t.Errorf("job %s: requested time %v, want %v", id, got, s.limit)
		}
		if stateWord(im.State[i]) != s.state || tr.Status[i] != s.status {
			t.Errorf("job %s: state %s status %d, want %s %d", id, im.State[i], tr.Status[i], s.state, s.status)
		}
		submit, end := origin+tr.Submit[i], origin+tr.Submit[i]+tr.Wait[i]+tr.Runtime[i]
		if !within(submit, s.at) {
			t.Errorf("job %s: submitted at %.0f, the test submitted it from %v to %v", id, submit, s.at[0], s.at[1])
		}
		switch {
		case s.never:
			if !math.IsNaN(tr.Wait[i]) || !math.IsNaN(tr.Runtime[i]) {
				t.Errorf("job %s never started, but wait %v runtime %v", id, tr.Wait[i], tr.Runtime[i])
			}
		case !(tr.Wait[i] >= 0):
			t.Errorf("job %s: wait %v", id, tr.Wait[i])
		case !s.ended[0].IsZero() && !within(end, s.ended):
			t.Errorf("job %s: ended at %.0f, the test cancelled it from %v to %v", id, end, s.ended[0], s.ended[1])
		case !math.IsNaN(s.sleep) && math.Abs(tr.Runtime[i]-s.sleep) > 1:
			t.Errorf("job %s: runtime %v, the job sleeps %v s", id, tr.Runtime[i], s.sleep)
		}
	}
	for _, s := range jobs {
		if want := max(s.tasks, 1); s.jobsSeen != want {
			t.Errorf("job %s: %d jobs in the trace, want %d", s.id, s.jobsSeen, want)
		}
	}
	// The import is an ordinary log: it writes and reads back as SWF.
	var buf bytes.Buffer
	if err := datasets.WriteSWF(&buf, tr); err != nil {
		t.Fatal(err)
	}
	back, err := datasets.Read(&buf, datasets.ReadOptions{Name: "back"})
	if err != nil || back.Len() != tr.Len() {
		t.Fatalf("SWF round trip: %v", err)
	}
}
