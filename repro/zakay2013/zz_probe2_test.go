package zakay2013

import (
	"fmt"
	"math"
	"os"
	"testing"

	"github.com/tracelab/tracelab/analytics/session"
	"github.com/tracelab/tracelab/analytics/similarity"
)

func classify(a, b float64) int {
	switch {
	case math.Abs(a-b) <= 1e-12:
		return 1
	case a > b:
		return 0
	}
	return 2
}

func TestZZProbeRule(t *testing.T) {
	if os.Getenv("ZZPROBE") == "" {
		t.Skip()
	}
	for _, tab := range similarityTables {
		tot := map[string]int{}
		for _, row := range tab.rows {
			tr, err := logOf(row.log)
			if err != nil {
				continue
			}
			st, _ := session.Analyze(tr, session.Options{})
			v := tab.attr.Values(tr)
			r, err := similarity.FromStructure(st, v, tab.attr, similarity.Options{})
			if err != nil {
				t.Fatal(err)
			}
			u := r.Users
			counts := func(i int) (n, z int) {
				for _, j := range st.Order[st.Sessions.FirstJob[i] : st.Sessions.FirstJob[i]+st.Sessions.Jobs[i]] {
					if v[j] == 0 {
						z++
					}
					if !math.IsNaN(v[j]) {
						n++
					}
				}
				return
			}
			var rows = map[string]*[3][2][3]int{} // variant -> half -> class counts... use [2][3]
			for _, name := range []string{"ours", "nan_equal", "nan_excluded", "skip_pairs"} {
				rows[name] = &[3][2][3]int{}
			}
			for k := range u.ID {
				if !u.Qualified[k] {
					continue
				}
				fs, ns := st.Users.FirstSession[k], st.Users.Sessions[k]
				var zz [3]bool
				var skip [3]float64
				for d := 0; d < 3; d++ {
					pairs, zzp := 0, 0
					for i := fs; i+d < fs+ns; i++ {
						ni, zi := counts(i)
						if d == 0 {
							pairs += ni * (ni - 1) / 2
							zzp += zi * (zi - 1) / 2
						} else {
							nj, zj := counts(i + d)
							pairs += ni * nj
							zzp += zi * zj
						}
					}
					zz[d] = zzp > 0
					s := u.At(k, d) * float64(pairs)
					if pairs-zzp > 0 {
						skip[d] = (s - float64(zzp)) / float64(pairs-zzp)
					} else {
						skip[d] = math.NaN()
					}
				}
				a := [3]float64{u.At(k, 0), u.At(k, 1), u.At(k, 2)}
				for h := 0; h < 2; h++ {
					rows["ours"][0][h][classify(a[h], a[h+1])]++
					if zz[h] || zz[h+1] {
						rows["nan_equal"][0][h][1]++
					} else {
						rows["nan_equal"][0][h][classify(a[h], a[h+1])]++
						rows["nan_excluded"][0][h][classify(a[h], a[h+1])]++
					}
					if !math.IsNaN(skip[h]) && !math.IsNaN(skip[h+1]) {
						rows["skip_pairs"][0][h][classify(skip[h], skip[h+1])]++
					}
				}
			}
			line := fmt.Sprintf("%-9s %-10s", tab.item, row.log)
			for _, name := range []string{"ours", "nan_equal", "nan_excluded", "skip_pairs"} {
				c := rows[name][0]
				within, eqw := 0, 0
				var vals SimilarityRow
				for h := 0; h < 2; h++ {
					n := c[h][0] + c[h][1] + c[h][2]
					for j := 0; j < 3; j++ {
						vals[3*h+j] = float64(c[h][j]) / float64(n)
					}
				}
				n := c[0][0] + c[0][1] + c[0][2]
				for kk := 0; kk < 6; kk++ {
					if cellExpectation(row.row[kk], kk, vals[kk], n).Accepts(vals[kk]) {
						within++
						tot[name]++
						if kk == 1 || kk == 4 {
							eqw++
							tot[name+"_eq"]++
						}
					}
				}
				line += fmt.Sprintf(" | %s n=%d eq=%.4f/%.4f in=%d (eq %d)", name, n, vals[1], vals[4], within, eqw)
			}
			fmt.Println(line)
		}
		fmt.Println(tab.item, "TOTAL", tot)
	}
}
