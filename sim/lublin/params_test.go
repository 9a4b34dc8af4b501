package lublin

import (
	"strings"
	"testing"
)

func TestM99ParamsVerbatim(t *testing.T) {
	t.Parallel()
	// The defaults of m_lublin99 as given in issue 5 (and in the program's
	// #defines), at the program's default machine of 128 nodes.
	p, err := M99Params(128)
	if err != nil {
		t.Fatal(err)
	}
	in, ba := p.Classes[0], p.Classes[1]
	if in.Name != "interactive" || in.Queue != 0 || ba.Name != "batch" || ba.Queue != 1 {
		t.Fatalf("classes %q/%d, %q/%d", in.Name, in.Queue, ba.Name, ba.Queue)
	}
	wantB := Class{Name: "batch", Queue: 1,
		Size:    SizeParams{Serial: 0.2927, Pow2: 0.6686, Pow2Rule: Pow2AmongAll, Low: 1.2, Med: 5, High: 7, Prob: 0.875},
		Runtime: RuntimeParams{Alpha1: 6.57, Beta1: 0.823, Alpha2: 639.1, Beta2: 0.0156, PSlope: -0.003, PIntercept: 0.6986},
		Arrival: ArrivalParams{Alpha: 6.0415, Beta: 0.8531, ARAR: 1.0519, DailyAlpha: 6.1271, DailyBeta: 5.2740}}
	wantI := Class{Name: "interactive", Queue: 0,
		Size:    SizeParams{Serial: 0.1541, Pow2: 0.625, Pow2Rule: Pow2AmongAll, Low: 1, Med: 3, High: 5.5, Prob: 0.705},
		Runtime: RuntimeParams{Alpha1: 3.8351, Beta1: 0.6605, Alpha2: 7.073, Beta2: 0.6856, PSlope: -0.0118, PIntercept: 0.9156},
		Arrival: ArrivalParams{Alpha: 6.5510, Beta: 0.6621, ARAR: 0.9797, DailyAlpha: 8.9186, DailyBeta: 3.6680}}
	if ba != wantB {
		t.Errorf("batch\n got %+v\nwant %+v", ba, wantB)
	}
	if in != wantI {
		t.Errorf("interactive\n got %+v\nwant %+v", in, wantI)
	}
	tl, err := M99TypelessParams(128)
	if err != nil {
		t.Fatal(err)
	}
	wantT := Class{Name: "all", Queue: 0,
		Size:    SizeParams{Serial: 0.244, Pow2: 0.576, Pow2Rule: Pow2AmongAll, Low: 0.8, Med: 4.5, High: 7, Prob: 0.86},
		Runtime: RuntimeParams{Alpha1: 4.2, Beta1: 0.94, Alpha2: 312, Beta2: 0.03, PSlope: -0.0054, PIntercept: 0.78},
		Arrival: ArrivalParams{Alpha: 10.2303, Beta: 0.4871, ARAR: 1.0225, DailyAlpha: 8.1737, DailyBeta: 3.9631}}
	if len(tl.Classes) != 1 || tl.Classes[0] != wantT {
		t.Errorf("typeless\n got %+v\nwant %+v", tl.Classes, wantT)
	}
	if !p.TruncateGaps || !tl.TruncateGaps {
		t.Error("the m_lublin99 sets must reproduce the program's clock")
	}
}

func TestParamsMachineSize(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name           string
		procs          int
		class          int
		low, med, high float64
	}{
		// Table 1 "Model" row: l = 0.8, m = log2 P − 2.5, h = log2 P
		{"paper", 256, 0, 0.8, 5.5, 8},
		{"paper", 1024, 0, 0.8, 7.5, 10},
		{"m_lublin99", 256, 0, 1, 3, 5.5}, // interactive: fixed high 5.5
		{"m_lublin99", 256, 1, 1.2, 5, 8}, // batch: high = log2 P, med as given
		{"m_lublin99", 32, 0, 1, 3, 5},    // interactive high lowered to log2 32
		{"m_lublin99_typeless", 256, 0, 0.8, 5.5, 8},
		{"m_lublin99_typeless", 128, 0, 0.8, 4.5, 7},
	}
	for _, tt := range tests {
		p, err := ParamsByName(tt.name, tt.procs)
		if err != nil {
			t.Fatalf("%s %d: %v", tt.name, tt.procs, err)
		}
		s := p.Classes[tt.class].Size
		if s.Low != tt.low || s.Med != tt.med || s.High != tt.high || p.Procs != tt.procs {
			t.Errorf("%s %d class %d: %v %v %v, want %v %v %v", tt.name, tt.procs, tt.class, s.Low, s.Med, s.High, tt.low, tt.med, tt.high)
		}
	}
}

func TestPaperParams(t *testing.T) {
	t.Parallel()
	p, err := PaperParams(128)
	if err != nil {
		t.Fatal(err)
	}
	c := p.Classes[0]
	// Tables 1, 2 ("Average model"), 5, 6, 7 "Model" rows
	want := Class{Name: "all",
		Size:    SizeParams{Serial: 0.24, Pow2: 0.75, Low: 0.8, Med: 4.5, High: 7, Prob: 0.86},
		Runtime: RuntimeParams{Alpha1: 4.20, Beta1: 0.94, Alpha2: 312.0, Beta2: 0.03, PSlope: -0.0054, PIntercept: 0.780},
		Arrival: ArrivalParams{Alpha: 10.23, Beta: 0.49, ARAR: 1.0225, DailyAlpha: 8.17, DailyBeta: 3.96}}
	if c != want {
		t.Errorf("paper\n got %+v\nwant %+v", c, want)
	}
	if p.TruncateGaps {
		t.Error("the paper's model keeps an exact clock")
	}
}

func TestParamsErrors(t *testing.T) {
	t.Parallel()
	good, _ := PaperParams(128)
	mod := func(f func(p *Params)) Params {
		p := good
		p.Classes = append([]Class(nil), good.Classes...)
		f(&p)
		return p
	}
	tests := []struct {
		name string
		p    Params
		want string
	}{
		{"no procs", mod(func(p *Params) { p.Procs = 0 }), "machine size"},
		{"no classes", mod(func(p *Params) { p.Classes = nil }), "no job classes"},
		{"serial > 1", mod(func(p *Params) { p.Classes[0].Size.Serial = 1.5 }), "serial"},
		{"high above machine", mod(func(p *Params) { p.Classes[0].Size.High = 8 }), "exceeds log2"},
		{"med below low", mod(func(p *Params) { p.Classes[0].Size.Med = 0.5 }), "low ≤ med ≤ high"},
		{"zero beta", mod(func(p *Params) { p.Classes[0].Runtime.Beta2 = 0 }), "beta2"},
		{"negative ARAR", mod(func(p *Params) { p.Classes[0].Arrival.ARAR = -1 }), "ARAR"},
		{"among all > 1", mod(func(p *Params) {
			p.Classes[0].Size.Pow2Rule = Pow2AmongAll
			p.Classes[0].Size.Pow2 = 0.9
		}), "serial + pow2"},
		{"day start", mod(func(p *Params) { p.DayStart = 49 }), "day start"},
	}
	for _, tt := range tests {
		err := tt.p.Validate()
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: error %v, want one mentioning %q", tt.name, err, tt.want)
		}
		if _, err := Generate(tt.p, 10, 1); err == nil {
			t.Errorf("%s: Generate accepted invalid parameters", tt.name)
		}
	}
	if err := good.Validate(); err != nil {
		t.Errorf("paper params: %v", err)
	}
	for _, c := range []struct {
		name  string
		procs int
	}{{"paper", 8}, {"m_lublin99", 16}, {"m_lublin99_typeless", 8}, {"nope", 128}} {
		if _, err := ParamsByName(c.name, c.procs); err == nil {
			t.Errorf("ParamsByName(%q, %d) accepted", c.name, c.procs)
		}
	}
}
