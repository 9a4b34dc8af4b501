package lublin2003

import "github.com/tracelab/tracelab/analytics/fit"

// The paper's published values, transcribed from its tables (the Greek
// letters are lost in our copy of the text; the columns are the paper's).
// These are the paper's values, compared with ours in the ledger — never
// used as ours.

// sizeRow is a row of Table 1: p1 p2 | two-stage l m h p D_n | Gamma α β D_n.
type sizeRow struct {
	P1, P2                 float64 // NaN for LANL (left out by the paper)
	Low, Med, High, P, DTS float64
	Alpha, Beta, DGamma    float64
}

// hgRow is a row of Tables 2–4: α1 β1 α2 β2 p D_n.
type hgRow struct {
	Alpha1, Beta1, Alpha2, Beta2, P, D float64
}

func (r hgRow) hyperGamma() fit.HyperGamma {
	return fit.HyperGamma{Alpha1: r.Alpha1, Beta1: r.Beta1, Alpha2: r.Alpha2, Beta2: r.Beta2, P: r.P}
}

// gammaRow is a row of Tables 6 and 7: α β D_n.
type gammaRow struct{ Alpha, Beta, D float64 }

// lineRow is a row of Table 5: a b D_n.
type lineRow struct{ A, B, D float64 }

// groupRow is a row of Table 4: a size group and its runtime model.
type groupRow struct {
	MinSize, MaxSize int
	hgRow
}

// The paper's logs, by the names its tables use, in their order.
var paperLogNames = []string{"SDSC95", "SDSC96", "KTH", "LANL"}

var table1 = map[string]sizeRow{
	"SDSC95": {0.21, 0.76, 0.75, 5.00, 8.64, 0.92, 0.040, 4.04, 0.77, 0.064},
	"SDSC96": {0.21, 0.89, 1.00, 5.00, 7.00, 0.86, 0.038, 4.92, 0.69, 0.052},
	"KTH":    {0.30, 0.60, 0.70, 4.00, 6.64, 0.84, 0.033, 3.87, 0.73, 0.058},
	"LANL":   {nan, nan, 4.50, 7.00, 10.0, 0.82, 0.083, 24.95, 0.25, 0.114},
}

// table1Model is Table 1's model row: p1, p2 and p (l, m, h are rules:
// min − 0.2, max − 2.5, max).
var table1Model = struct{ P1, P2, P float64 }{0.24, 0.75, 0.86}

var table2 = map[string]hgRow{
	"SDSC95": {2.35, 1.50, 1533, 0.007, 0.94, 0.037},
	"SDSC96": {4.15, 0.96, 569.7, 0.018, 0.70, 0.035},
	"KTH":    {5.76, 0.82, 159.5, 0.05, 0.61, 0.081},
	"LANL":   {6.00, 0.66, 68.5, 0.13, 0.55, 0.034},
}

// Table 2's model rows: the average model and the search model.
var (
	table2Average = hgRow{4.20, 0.94, 312.0, 0.03, 0.685, nan}
	table2Search  = hgRow{4.00, 1.00, 500.0, 0.02, 0.70, nan}
)

var table3 = map[string]hgRow{
	"SDSC95": {3.66, 1.32, 13.4, 0.87, 0.88, 0.033},
	"SDSC96": {5.12, 1.09, 120.0, 0.10, 0.71, 0.026},
	"KTH":    {118.4, 0.06, 42.2, 0.28, 0.30, 0.050},
	"LANL":   {5.16, 1.10, 30.6, 0.34, 0.59, 0.019},
}

var (
	table3Average = hgRow{10.74, 0.55, 37.96, 0.37, 0.577, nan}
	table3Search  = hgRow{5.00, 1.10, 45.00, 0.30, 0.700, nan}
)

var table4 = map[string][]groupRow{
	"SDSC95": {{1, 4, hgRow{3.73, 1.05, 0.19, 4.77, 0.97, 0.038}}, {5, 16, hgRow{9.68, 0.56, 161.0, 0.074, 0.82, 0.034}},
		{17, 400, hgRow{12.63, 0.62, 197.1, 0.07, 0.66, 0.063}}},
	"SDSC96": {{1, 8, hgRow{5.46, 0.92, 230.5, 0.05, 0.87, 0.033}}, {9, 16, hgRow{9.87, 0.66, 1577, 0.008, 0.40, 0.062}},
		{17, 320, hgRow{11.65, 0.71, 378.4, 0.037, 0.46, 0.065}}},
	"KTH": {{1, 4, hgRow{5.36, 0.89, 39.6, 0.232, 0.61, 0.045}}, {5, 100, hgRow{8.68, 0.84, 89.97, 0.133, 0.58, 0.016}}},
	"LANL": {{32, 32, hgRow{29.96, 0.29, 330.6, 0.036, 0.63, 0.021}}, {64, 64, hgRow{38.33, 0.25, 560.6, 0.023, 0.45, 0.039}},
		{128, 128, hgRow{6190, 0.001, 35.11, 0.331, 0.47, 0.140}}, {256, 1024, hgRow{31.82, 0.37, 773.3, 0.019, 0.47, 0.052}}},
}

var table5 = map[string]lineRow{
	"SDSC95": {-0.0043, 0.995, 0.038},
	"SDSC96": {-0.0107, 0.900, 0.056},
	"KTH":    {-0.0065, 0.649, 0.058},
	"LANL":   {-0.00027, 0.575, 0.089},
}

var table5Model = lineRow{-0.0054, 0.780, nan}

var table6 = map[string]gammaRow{
	"SDSC95": {6.89, 0.62, 0.053},
	"SDSC96": {7.13, 0.70, 0.072},
	"KTH":    {14.10, 0.37, 0.064},
	"LANL":   {15.81, 0.35, 0.084},
}

var table6Model = gammaRow{10.23, 0.49, nan}

var table7 = map[string]gammaRow{
	"SDSC95": {7.77, 4.16, 0.047},
	"SDSC96": {6.84, 4.77, 0.050},
	"KTH":    {12.00, 2.55, 0.054},
	"LANL":   {7.00, 4.86, 0.056},
}

var table7Model = gammaRow{8.17, 3.96, nan}
