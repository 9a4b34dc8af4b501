package slurm

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// manifest is an array.json whose plan has the given tasks value (JSON
// text), with one submission.
func manifest(dir, tasks string) string {
	return fmt.Sprintf(`{"plan":{"dir":%q,"key":"k","command":["/bin/true"],"tasks":%s,"output":"shard-{task}.parquet","options":{}},`+
		`"submissions":[{"job_id":"12","tasks":[0,1],"script":"x","time":"2024-01-01T00:00:00Z"}]}`, dir, tasks)
}

// TestOpenBoundsTasks: the task count of array.json is input and sizes the
// status of every task; Open refuses what Slurm could not run (issue 25:
// tasks −5 panicked in Status, 2^40 ran out of memory).
func TestOpenBoundsTasks(t *testing.T) {
	t.Parallel()
	tests := []struct {
		tasks string
		want  string // "" for none
	}{
		{"-5", "-5 tasks, want 1 to 4000001"},
		{"0", "0 tasks, want 1 to 4000001"},
		{"1099511627776", "1099511627776 tasks, want 1 to 4000001"},
		{"1000000000000000000", "1000000000000000000 tasks, want 1 to 4000001"},
		{"1e18", "cannot unmarshal number 1e18"},
		{"4000002", "4000002 tasks, want 1 to 4000001"},
		{"4000001", ""},
		{"2", ""},
	}
	for _, tc := range tests {
		t.Run(tc.tasks, func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			if err := os.WriteFile(filepath.Join(dir, ManifestName), []byte(manifest(dir, tc.tasks)), 0o644); err != nil {
				t.Fatal(err)
			}
			a, err := Open(dir)
			switch {
			case tc.want == "" && err != nil:
				t.Fatal(err)
			case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)):
				t.Fatalf("Open: %v, want an error containing %q", err, tc.want)
			case tc.want != "" && !strings.Contains(err.Error(), filepath.Join(dir, ManifestName)):
				t.Errorf("the error does not name the manifest: %v", err)
			}
			if tc.tasks == "2" {
				st, err := a.Status(context.Background(), Client{Squeue: "/bin/true"})
				if err != nil || len(st.Tasks) != 2 || st.Failed != 2 {
					t.Fatalf("Status = %+v, %v; want 2 failed tasks", st, err)
				}
			}
		})
	}
}

// FuzzOpen: any array.json opens to an array whose status, script and
// task list can be computed, or to an error; never a panic or an
// allocation sized by a number in the file beyond what Slurm allows.
func FuzzOpen(f *testing.F) {
	for _, tasks := range []string{"2", "-5", "1000000000000000000", "10"} {
		f.Add([]byte(manifest("/x", tasks)))
	}
	f.Add([]byte(`{"plan":{"tasks":3},"submissions":[{"job_id":"1","tasks":[-1,2,7]}]}`))
	f.Fuzz(func(t *testing.T, b []byte) {
		dir := t.TempDir()
		if err := os.WriteFile(filepath.Join(dir, ManifestName), b, 0o644); err != nil {
			t.Fatal(err)
		}
		a, err := Open(dir)
		if err != nil {
			return
		}
		if a.Plan.Tasks < 1 || a.Plan.Tasks > MaxTasks {
			t.Fatalf("Open accepted %d tasks", a.Plan.Tasks)
		}
		if a.Plan.Tasks > 100_000 {
			return // legal, but the status of each task takes a while
		}
		st, err := a.Status(context.Background(), Client{Squeue: "/bin/true"})
		if err != nil {
			t.Fatal(err)
		}
		if len(st.Tasks) != a.Plan.Tasks || st.Done+st.Running+st.Pending+st.Failed+st.Unsubmitted != a.Plan.Tasks {
			t.Fatalf("status %v of %d tasks", st, a.Plan.Tasks)
		}
		if s := a.Script(nil); !strings.Contains(s, "#SBATCH --array=") {
			t.Fatalf("script without --array:\n%s", s)
		}
	})
}

// FuzzParseQueue: squeue's output is input too.
func FuzzParseQueue(f *testing.F) {
	f.Add([]byte("12|0|RUNNING\n12|1|PENDING\n13|N/A|RUNNING\n"))
	f.Fuzz(func(t *testing.T, b []byte) {
		q, err := parseQueue(b, map[queued]TaskState{})
		if err == nil && len(q) > strings.Count(string(b), "\n")+1 {
			t.Fatalf("%d tasks from %d lines", len(q), strings.Count(string(b), "\n")+1)
		}
	})
}

// TestOpenHostileManifest: array.json is read through internal/infile: a
// named pipe is refused at once (os.ReadFile waited for a writer for
// ever), a file larger than MaxManifestBytes is refused before it is read,
// and a JSON fault names the manifest and its line.
func TestOpenHostileManifest(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		make func(path string) error
		want string
	}{
		{"fifo", func(p string) error { return syscall.Mkfifo(p, 0o644) }, "named pipe"},
		{"folder", func(p string) error { return os.Mkdir(p, 0o755) }, "a folder, not a file"},
		{"too large", func(p string) error {
			f, err := os.Create(p)
			if err != nil {
				return err
			}
			defer f.Close()
			return f.Truncate(MaxManifestBytes + 1) // sparse: nothing is written
		}, fmt.Sprintf("%d bytes, more than %d", MaxManifestBytes+1, MaxManifestBytes)},
		{"syntax", func(p string) error {
			return os.WriteFile(p, []byte("{\n\"plan\": {\n\"tasks\": 2,,\n}}\n"), 0o644)
		}, ManifestName + ":3: invalid character ','"},
		{"type", func(p string) error {
			return os.WriteFile(p, []byte("{\n\"plan\": {\n\n\"tasks\": \"two\"}}\n"), 0o644)
		}, ManifestName + ":4: json: cannot unmarshal string"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			if err := tc.make(filepath.Join(dir, ManifestName)); err != nil {
				t.Fatal(err)
			}
			done := make(chan error, 1)
			go func() { _, err := Open(dir); done <- err }()
			select {
			case err := <-done:
				if err == nil || !strings.Contains(err.Error(), tc.want) {
					t.Fatalf("Open: %v, want an error containing %q", err, tc.want)
				}
				if !strings.Contains(err.Error(), filepath.Join(dir, ManifestName)) {
					t.Errorf("the error does not name the manifest: %v", err)
				}
			case <-time.After(10 * time.Second):
				t.Fatal("Open still waiting after 10 s")
			}
		})
	}
	if _, err := Open(t.TempDir()); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("Open of a folder without a manifest: %v, want fs.ErrNotExist", err)
	}
}

// TestValidateNoControlInScript: Script writes the plan's folder, output
// and key into comment lines and the #SBATCH --output line; a line break
// in one of them ended the line and the rest ran as a command (hostile3,
// session 14: an output "x\ntouch PWNED\n{task}.parquet"). Validate
// refuses every control character there; spaces and non-ASCII letters
// stay allowed.
func TestValidateNoControlInScript(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	tests := []struct {
		name string
		edit func(p *Plan)
		want string // "" for none
	}{
		{"folder LF", func(p *Plan) { p.Dir = dir + "/a\ntouch PWNED" }, `folder "` + dir + `/a\ntouch PWNED" holds a control character (U+000A)`},
		{"folder CR", func(p *Plan) { p.Dir = dir + "/a\rb" }, "U+000D"},
		{"output LF", func(p *Plan) { p.Output = "x\ntouch PWNED\n{task}.parquet" }, `output "x\ntouch PWNED\n{task}.parquet" holds a control character (U+000A)`},
		{"output tab", func(p *Plan) { p.Output = "x\t{task}.parquet" }, "U+0009"},
		{"output DEL", func(p *Plan) { p.Output = "x\x7f{task}.parquet" }, "U+007F"},
		{"key LF", func(p *Plan) { p.Key = "sweep\nrm -rf ~" }, `key "sweep\nrm -rf ~" holds a control character (U+000A)`},
		{"key NEL", func(p *Plan) { p.Key = "sweep\u0085x" }, "U+0085"},
		{"spaces and letters", func(p *Plan) { p.Dir, p.Output, p.Key = dir+"/é t", "shard {task}.parquet", "sweep é, 10 shards" }, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := testPlan(dir)
			tc.edit(&p)
			err := p.Validate()
			switch {
			case tc.want == "" && err != nil:
				t.Fatal(err)
			case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)):
				t.Fatalf("Validate: %v, want an error containing %q", err, tc.want)
			}
		})
	}
}

// TestOpenHostileJobID: a submission's job id is an argument of squeue
// and scancel and a name in its logs' paths. A manifest whose job id was
// "--user=victim" made Cancel run "scancel --user=victim", which cancels
// every job of that user; "../../x" named a log outside the folder. Open
// now refuses any id that is not the digits sbatch prints.
func TestOpenHostileJobID(t *testing.T) {
	t.Parallel()
	tests := []struct {
		id   string
		want string // "" for accepted
	}{
		{"--user=victim", `job id "--user=victim"`},
		{"-u", `job id "-u"`},
		{"-5", `job id "-5"`},
		{"+5", `job id "+5"`},
		{"12 13", `job id "12 13"`},
		{"12,13", `job id "12,13"`},
		{"../../etc/x", `job id "../../etc/x"`},
		{"", `job id ""`},
		{"١٢", `job id "١٢"`},
		{"123456789012345678901", `job id "123456789012345678901"`},
		{"12", ""},
		{"0012", ""},
	}
	for _, tc := range tests {
		t.Run(tc.id, func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			m := strings.Replace(manifest(dir, "2"), `"job_id":"12"`, fmt.Sprintf(`"job_id":%q`, tc.id), 1)
			if err := os.WriteFile(filepath.Join(dir, ManifestName), []byte(m), 0o644); err != nil {
				t.Fatal(err)
			}
			a, err := Open(dir)
			if tc.want == "" {
				if err != nil {
					t.Fatal(err)
				}
				return
			}
			if err == nil {
				// What Cancel would run: the id as an argument of scancel.
				t.Fatalf("Open accepted job id %q (Cancel runs scancel %v)", tc.id, a.Submissions[0].JobID)
			}
			if !strings.Contains(err.Error(), tc.want) || !strings.Contains(err.Error(), filepath.Join(dir, ManifestName)) {
				t.Fatalf("Open: %v, want an error naming the manifest and containing %q", err, tc.want)
			}
		})
	}
	for _, out := range []string{"-5\n", "+5\n", "--user=x\n", "12;cluster\n"} {
		_, err := parseJobID([]byte(out))
		if ok := out == "12;cluster\n"; (err == nil) != ok {
			t.Errorf("parseJobID(%q): %v", out, err)
		}
	}
}

// TestSubmitWritesOnlyItsOwnFiles: the batch script submit-N.sh and
// array.json are the folder's own files. A symbolic link planted as the
// next script made Submit replace the file it points to with the script,
// then make it executable (a link to ~/.bashrc); a named pipe made it
// wait for ever. Both are refused now, the file pointed to untouched.
func TestSubmitWritesOnlyItsOwnFiles(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name  string
		plant func(path, victim string) error
		want  string
	}{
		{"link to another file", func(p, victim string) error { return os.Symlink(victim, p) }, "a symbolic link, not a regular file"},
		{"dangling link", func(p, victim string) error { return os.Symlink(victim+".new", p) }, "a symbolic link, not a regular file"},
		{"named pipe", func(p, _ string) error { return syscall.Mkfifo(p, 0o644) }, "a named pipe (FIFO), not a regular file"},
		{"folder", func(p, _ string) error { return os.Mkdir(p, 0o755) }, "a folder, not a regular file"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			a := fakePlan(t)
			victim := filepath.Join(t.TempDir(), "bashrc")
			if err := os.WriteFile(victim, []byte("precious"), 0o600); err != nil {
				t.Fatal(err)
			}
			script := filepath.Join(a.Plan.Dir, "submit-1.sh")
			if err := tc.plant(script, victim); err != nil {
				t.Fatal(err)
			}
			done := make(chan error, 1)
			go func() {
				_, err := a.Submit(context.Background(), Client{Sbatch: "/nonexistent/sbatch", Squeue: "/nonexistent/squeue"}, nil)
				done <- err
			}()
			select {
			case err := <-done:
				if err == nil || !strings.Contains(err.Error(), tc.want) || !strings.Contains(err.Error(), script) {
					t.Errorf("Submit: %v, want an error naming %s and containing %q", err, script, tc.want)
				}
			case <-time.After(10 * time.Second):
				t.Fatal("Submit still waiting after 10 s")
			}
			st, err := os.Stat(victim)
			if b, _ := os.ReadFile(victim); err != nil || string(b) != "precious" || st.Mode().Perm() != 0o600 {
				t.Errorf("the file the link points to: %q, mode %v", b, st.Mode().Perm())
			}
			if _, err := os.Stat(victim + ".new"); err == nil {
				t.Errorf("the dangling link's target was created")
			}
		})
	}
}

// TestLogPattern: the #SBATCH --output line of a folder holding a space
// or a "%". Checked with the real sbatch (scripts/slurm-harness.sh, Slurm
// of Debian): unquoted, a space made sbatch refuse the whole script
// ("Invalid directive found in batch script: p%xace/logs/%A_%a.log"); a
// "%x" of the folder was replaced by the job's name, and the logs went to
// a folder that does not exist; quoted, with "%%", the logs are where
// LogPath looks. TestRealSlurm runs in such a folder.
func TestLogPattern(t *testing.T) {
	t.Parallel()
	tests := []struct{ dir, want string }{
		{"/shared/sweep", "/shared/sweep/logs/%A_%a.log"},
		{"/data/run%x", "/data/run%%x/logs/%A_%a.log"},
		{"/tmp/s p%xace", `"/tmp/s p%%xace/logs/%A_%a.log"`},
		{"/tmp/a b", `"/tmp/a b/logs/%A_%a.log"`},
	}
	for _, tc := range tests {
		if got := logPattern(tc.dir); got != tc.want {
			t.Errorf("logPattern(%q) = %s, want %s", tc.dir, got, tc.want)
		}
		p := testPlan(tc.dir)
		if err := p.Validate(); err != nil {
			t.Errorf("Validate with folder %q: %v", tc.dir, err)
		}
		a := Array{Plan: p}
		if s := a.Script(nil); !strings.Contains(s, "\n#SBATCH --output="+tc.want+"\n") {
			t.Errorf("folder %q: the script has no --output=%s:\n%s", tc.dir, tc.want, s)
		}
	}
	for _, dir := range []string{`/tmp/a"b`, `/tmp/a\b`} {
		if err := testPlan(dir).Validate(); err == nil || !strings.Contains(err.Error(), "sbatch's --output line cannot hold") {
			t.Errorf("Validate with folder %q: %v, want a refusal", dir, err)
		}
	}
}

// TestOpenTaskListsChecked: a submission's task list is input, read with
// each index checked as it comes (increasing integers below MaxTasks).
// Before, a 240 MB manifest (within MaxManifestBytes) listing the index 0
// 120 million times took over 1 GB and the runtime died out of memory; the
// "repeated" row is that list, short.
func TestOpenTaskListsChecked(t *testing.T) {
	t.Parallel()
	manifestWith := func(dir, tasks string) string {
		return fmt.Sprintf(`{"plan":{"dir":%q,"key":"k","command":["/bin/true"],"tasks":4,"output":"shard-{task}.parquet","options":{}},`+
			`"submissions":[{"job_id":"12","tasks":%s,"script":"x","time":"2024-01-01T00:00:00Z"}]}`, dir, tasks)
	}
	for _, tc := range []struct {
		name, tasks string
		want        []int  // the list read, when it is valid
		err         string // else the error
	}{
		{"valid", "[0, 2, 3]", []int{0, 2, 3}, ""},
		{"empty", "[]", []int{}, ""},
		{"null", "null", nil, ""},
		{"repeated", "[0,0,0,0,0,0]", nil, "0 after 1 listed: want increasing integers from 0 to 4000000"},
		{"decreasing", "[3,1]", nil, "1 after 1 listed"},
		{"negative", "[-1]", nil, "-1 after 0 listed"},
		{"beyond MaxTasks", "[4000001]", nil, "4000001 after 0 listed"},
		{"huge", "[1e300]", nil, "1e300 after 0 listed"},
		{"fraction", "[0.5]", nil, "0.5 after 0 listed"},
		{"string", `["0"]`, nil, "0 after 0 listed"},
		{"nested", "[[0]]", nil, "[ after 0 listed"},
		{"object", `{"a":1}`, nil, "want a list of task indices"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			if err := os.WriteFile(filepath.Join(dir, ManifestName), []byte(manifestWith(dir, tc.tasks)), 0o644); err != nil {
				t.Fatal(err)
			}
			a, err := Open(dir)
			if tc.err != "" {
				if err == nil || !strings.Contains(err.Error(), tc.err) {
					t.Fatalf("Open: %v, want an error containing %q", err, tc.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if got := a.Submissions[0].Tasks; fmt.Sprint(got) != fmt.Sprint(tc.want) || (got == nil) != (tc.want == nil) {
				t.Errorf("tasks %v, want %v", got, tc.want)
			}
		})
	}
}
