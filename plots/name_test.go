package plots

import "testing"

func TestLabel(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct{ in, want string }{
		{"KTH-SP2-1996-2.1-cln", "KTH-SP2"},
		{"/data/KTH-SP2-1996-2.1-cln.swf.gz", "KTH-SP2"},
		{"SDSC-Par-1996-3.1-cln", "SDSC-Par-1996"}, // the archive has SDSC-Par-1995-3.1-cln too
		{"CTC-SP2-1996-3.1-cln", "CTC-SP2-1996"},   // and CTC-SP2-1995-2
		{"LANL-CM5-1994-4.1-cln-resampled-1448545751155262862", "LANL-CM5 resampled"},
		{"HPC2N-2002-2.2-cln", "HPC2N"},
		{"lublin_256.swf", "lublin_256"},
		{"run_12345678", "run"},
		{"", ""},
		{"req_time", "requested runtime"},
		{"LANL-CM5-1994-4.1-cln (1996)", "LANL-CM5 (1996)"},
		{"procs", "processors"},
		{"avg_slowdown", "average slowdown"},
	} {
		if got := Label(tt.in); got != tt.want {
			t.Errorf("Label(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
	if got := Numbered("resampled", 3); got != "resampled 3" {
		t.Errorf("Numbered = %q", got)
	}
}

// TestCount: thousands separators and the figures' minus sign.
func TestCount(t *testing.T) {
	for _, c := range []struct {
		n    int
		want string
	}{{0, "0"}, {999, "999"}, {1000, "1,000"}, {19105, "19,105"}, {243306, "243,306"}, {1000000, "1,000,000"}, {-1000, "−1,000"}, {-12, "−12"}} {
		if got := Count(c.n); got != c.want {
			t.Errorf("Count(%d) = %q, want %q", c.n, got, c.want)
		}
	}
}
