package similarity

import (
	"math"

	"github.com/go-gota/gota/dataframe"
	"github.com/go-gota/gota/series"
)

// PaperRow is a row of Tables II–IV of Zakay and Feitelson (2013): the
// fractions of users whose similarity is larger at distance 0 than 1,
// equal, larger at 1; and larger at 1 than 2, equal, larger at 2.
type PaperRow struct {
	Shorter01, Equal01, Longer01 float64
	Shorter12, Equal12, Longer12 float64
}

// PaperTables holds Tables II (procs, "CPU-number property"), III
// (req_time, "maximum running time") and IV (runtime) of Zakay and
// Feitelson (2013), keyed by attribute and the paper's log name, as
// printed. They are reference values for comparisons in tests and
// notebooks; the paper used other versions of some logs (its Table I).
var PaperTables = map[Attribute]map[string]PaperRow{
	Procs: {
		"LANL-CM5":     {0.727, 0.0160, 0.257, 0.663, 0.0053, 0.332},
		"CTC-SP2":      {0.722, 0.0152, 0.262, 0.670, 0.0325, 0.300},
		"KTH-SP2":      {0.782, 0.0075, 0.211, 0.692, 0.0150, 0.293},
		"SDSC-SP2":     {0.771, 0.0120, 0.217, 0.747, 0.0080, 0.245},
		"SDSC-BLUE":    {0.856, 0.0000, 0.144, 0.762, 0.0046, 0.233},
		"HPC2N":        {0.856, 0.0046, 0.140, 0.684, 0.0000, 0.316},
		"SDSC-DS":      {0.767, 0.0031, 0.230, 0.702, 0.0092, 0.288},
		"ANL-Intrepid": {0.788, 0.0052, 0.207, 0.746, 0.0000, 0.254},
		"CEA-Curie":    {0.866, 0.0022, 0.131, 0.746, 0.0043, 0.250},
	},
	ReqTime: {
		"LANL-CM5":     {0.765, 0.1016, 0.134, 0.668, 0.1016, 0.230},
		"CTC-SP2":      {0.757, 0.1041, 0.139, 0.705, 0.1085, 0.187},
		"KTH-SP2":      {0.895, 0.0075, 0.098, 0.789, 0.0150, 0.195},
		"SDSC-SP2":     {0.791, 0.0924, 0.116, 0.795, 0.0924, 0.112},
		"SDSC-BLUE":    {0.947, 0.0069, 0.046, 0.794, 0.0069, 0.199},
		"HPC2N":        {0.907, 0.0279, 0.065, 0.781, 0.0233, 0.195},
		"SDSC-DS":      {0.837, 0.0613, 0.101, 0.739, 0.0583, 0.202},
		"ANL-Intrepid": {0.834, 0.0777, 0.088, 0.715, 0.0777, 0.207},
		"CEA-Curie":    {0.843, 0.0625, 0.095, 0.718, 0.0625, 0.220},
	},
	Runtime: {
		"LANL-CM5":     {0.733, 0.0000, 0.267, 0.711, 0.0053, 0.283},
		"CTC-SP2":      {0.829, 0.0043, 0.167, 0.722, 0.0065, 0.271},
		"KTH-SP2":      {0.827, 0.0075, 0.165, 0.684, 0.0000, 0.316},
		"SDSC-SP2":     {0.759, 0.0000, 0.241, 0.759, 0.0040, 0.237},
		"SDSC-BLUE":    {0.888, 0.0114, 0.101, 0.757, 0.0092, 0.233},
		"HPC2N":        {0.879, 0.0326, 0.088, 0.721, 0.0279, 0.251},
		"SDSC-DS":      {0.840, 0.0215, 0.138, 0.706, 0.0245, 0.270},
		"ANL-Intrepid": {0.850, 0.0000, 0.150, 0.710, 0.0000, 0.290},
		"CEA-Curie":    {0.817, 0.0151, 0.168, 0.685, 0.0151, 0.300},
	},
}

// Values returns the row's six fractions in table order.
func (r PaperRow) Values() [6]float64 {
	return [6]float64{r.Shorter01, r.Equal01, r.Longer01, r.Shorter12, r.Equal12, r.Longer12}
}

// Values returns the table row's six fractions in the paper's order.
func (t Table) Values() [6]float64 {
	a, b := t.D0vsD1, t.D1vsD2
	return [6]float64{a.Shorter, a.Equal, a.Longer, b.Shorter, b.Equal, b.Longer}
}

// PaperColumns names the six fractions of a row of Tables II–IV.
var PaperColumns = [6]string{"shorter_01", "equal_01", "longer_01", "shorter_12", "equal_12", "longer_12"}

// ComparePaper puts our Tables II–IV rows next to the paper's: one row per
// result and column, with columns log (the paper's log name), attribute,
// column, paper, ours, diff (ours − paper), users (compared by us),
// constant_users (of them, those whose values are all equal, who must be
// "equal"), and ours_split: our fraction if the constant users, instead of
// counting as equal, were split evenly between "shorter" and "longer".
// (For procs, the paper's "equal" column is far below our share of
// constant users, and ours_split matches it; see the package tests.)
// paperLog names the log as in the paper ("KTH-SP2"); results
// without a paper row give NaN paper values.
func ComparePaper(paperLog string, results ...Result) dataframe.DataFrame {
	var logs, attrs, cols []string
	var paper, ours, diff, split []float64
	var users, constant []int
	for _, r := range results {
		row, ok := PaperTables[r.Attribute][paperLog]
		pv := row.Values()
		ov := r.Table.Values()
		nc := 0
		for k := range r.Users.ID {
			if r.Users.Constant[k] && (r.Options.Qualify != AllDistances || r.Users.Qualified[k]) {
				nc++
			}
		}
		h := float64(nc) / float64(max(r.Table.Users, 1))
		sv := ov
		for _, base := range []int{0, 3} {
			sv[base] += h / 2
			sv[base+1] -= h
			sv[base+2] += h / 2
		}
		for c := range PaperColumns {
			p := pv[c]
			if !ok {
				p = math.NaN()
			}
			logs = append(logs, paperLog)
			attrs = append(attrs, r.Attribute.String())
			cols = append(cols, PaperColumns[c])
			paper = append(paper, p)
			ours = append(ours, ov[c])
			diff = append(diff, ov[c]-p)
			users = append(users, r.Table.Users)
			constant = append(constant, nc)
			split = append(split, sv[c])
		}
	}
	return dataframe.New(
		series.New(logs, series.String, "log"),
		series.New(attrs, series.String, "attribute"),
		series.New(cols, series.String, "column"),
		series.New(paper, series.Float, "paper"),
		series.New(ours, series.Float, "ours"),
		series.New(diff, series.Float, "diff"),
		series.New(users, series.Int, "users"),
		series.New(constant, series.Int, "constant_users"),
		series.New(split, series.Float, "ours_split"),
	)
}
