package datasets

import (
	"math"
	"testing"
)

func TestIsStandardStatus(t *testing.T) {
	// SWF field 11 (Feitelson, Tsafrir and Krakov 2014, Table 1): −1 to 5.
	for s, want := range map[int]bool{-2: false, -1: true, 0: true, 1: true, 4: true, 5: true, 6: false, 137: false} {
		if got := IsStandardStatus(s); got != want {
			t.Errorf("IsStandardStatus(%d) = %v, want %v", s, got, want)
		}
	}
}

func TestCPUExceedsRuntime(t *testing.T) {
	tests := []struct {
		cpu, runtime float64
		want         bool
	}{
		{100, 100, false},
		{160, 100, false},       // by 60 s: the allowance of short jobs
		{160.5, 100, true},      // by more than 60 s
		{10_100, 10_000, false}, // by 1% of a long job
		{10_101, 10_000, true},
		{1e9, -1, false}, // unknown run time (SWF −1)
		{1e9, math.NaN(), false},
		{math.NaN(), 100, false},
	}
	for _, tt := range tests {
		if got := CPUExceedsRuntime(tt.cpu, tt.runtime); got != tt.want {
			t.Errorf("CPUExceedsRuntime(%g, %g) = %v, want %v", tt.cpu, tt.runtime, got, tt.want)
		}
	}
}
