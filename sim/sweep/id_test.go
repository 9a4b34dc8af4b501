package sweep

import "testing"

func TestDescribeDifference(t *testing.T) {
	t.Parallel()
	const w = "window(log=sample,jobs=20631,digest=9c40bda7849eccc2,procs=128,scheduler=easy,length=604800," +
		"sim={Procs:0 Overrun:0 MissingEstimate:0 ProcsSource:0 Wide:0 Engine:{Timeline:false WeekOrigin:0}})"
	tests := []struct {
		a, b, want string
	}{
		{w + ";reps=2;seed=1", w + ";reps=2;seed=5", "seed 1 and 5"},
		{w + ";reps=2;seed=1", w + ";load=1,2;reps=4;seed=1", "reps 2 and 4; load only in the second"},
		{w + ";reps=2;seed=1", "window(log=KTH,jobs=20631,digest=9c40bda7849eccc2,procs=100,scheduler=easy,length=604800,sim={})" + ";reps=2;seed=1",
			"log sample and KTH; procs 128 and 100; sim {Procs:0 Overrun:0 MissingEstimate:0 Pr… and {}"},
		{"resample(log=a);reps=2;seed=1;shards=10", "window(log=a);reps=2;seed=1;shards=10", "experiment resample and window"},
		{"shake;job;jobs=5;level=x", "shake;job;jobs=6;level=x", "jobs 5 and 6"},
		{"a;b=1", "a;b=1", "the same fields, written differently"},
	}
	for _, tc := range tests {
		if got := DescribeDifference(tc.a, tc.b); got != tc.want {
			t.Errorf("DescribeDifference(%q, %q) = %q, want %q", tc.a, tc.b, got, tc.want)
		}
	}
}
