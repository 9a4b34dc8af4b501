package datasets

import (
	"fmt"
	"sort"
	"strings"
)

// Entry describes one log of the Parallel Workloads Archive.
type Entry struct {
	Name     string // e.g. "KTH-SP2-1996-2.1-cln"
	File     string // file name, e.g. "KTH-SP2-1996-2.1-cln.swf.gz"
	Archive  string // path under the archive's base URL; "" when the archive does not serve it
	Jobs     int    // job rows the reader keeps by default (placeholders left out); 0 when not known
	Users    int    // distinct user ids; 0 when not known or the log has none
	MaxProcs int    // the machine's processors (the header's MaxProcs); 0 when not known
	Days     int    // span of the log in days (rounded); 0 when not known
	// Bytes and SHA256 describe the gzipped file; zero when not known, and
	// then a download is verified by its gzip checksum and job count only.
	Bytes  int64
	SHA256 string
	// Source says where the figures come from.
	Source string
}

// ArchiveURL is the base URL of the Parallel Workloads Archive's logs.
const ArchiveURL = "https://www.cs.huji.ac.il/labs/parallel/workload/"

// local is the source of the figures of the logs in ../shared/pwa: jobs and
// users counted by this package's reader on the archive's files (their gzip
// headers carry the archive's file names and dates of 2013–2015), which
// agree with the header counts (../shared/pwa/README.md); sizes and SHA-256
// from those files (../shared/pwa/SHA256SUMS). LLNL-Thunder's 121,039 rows
// include 1,190 placeholders with submit −1, which the reader leaves out.
const local = "../shared/pwa (README.md, SHA256SUMS), counted by this reader"

// catalog lists the logs known by name.
var catalog = []Entry{
	{Name: "KTH-SP2-1996-2.1-cln", File: "KTH-SP2-1996-2.1-cln.swf.gz", Archive: "l_kth_sp2/",
		Jobs: 28476, Users: 214, MaxProcs: 100, Days: 333, Bytes: 411455,
		SHA256: "3e152f201fd2e96808a735bced6ea6eb0bb07fdc447689cafb0750d87b264c0b", Source: local},
	{Name: "CTC-SP2-1996-3.1-cln", File: "CTC-SP2-1996-3.1-cln.swf.gz", Archive: "l_ctc_sp2/",
		Jobs: 77222, Users: 679, MaxProcs: 338, Days: 339, Bytes: 1487336,
		SHA256: "9fa28ac16c4386fb81b72a91d8bd8888281df2948a9d912769d387c5ee285bb4", Source: local},
	{Name: "LANL-CM5-1994-4.1-cln", File: "LANL-CM5-1994-4.1-cln.swf.gz", Archive: "l_lanl_cm5/",
		Jobs: 122060, Users: 213, MaxProcs: 1024, Days: 721, Bytes: 2138864,
		SHA256: "71ff3dfa301b3ee1bd30ebc63c5363b5e8ec488e75f1f9398aa46d485ef23c3c", Source: local},
	{Name: "SDSC-Par-1996-3.1-cln", File: "SDSC-Par-1996-3.1-cln.swf.gz", Archive: "l_sdsc_par/",
		Jobs: 32135, Users: 60, MaxProcs: 400, Days: 371, Bytes: 497990,
		SHA256: "cb1aab02b5e3c34659d1c1d6f73c002d415229c59f40c03fab4e20331abdaff7", Source: local},
	{Name: "SDSC-SP2-1998-4.2-cln", File: "SDSC-SP2-1998-4.2-cln.swf.gz", Archive: "l_sdsc_sp2/",
		Jobs: 59715, Users: 437, MaxProcs: 128, Days: 729, Bytes: 1205570,
		SHA256: "e03fe48be50c4ab04d6bb2285296d9c3399e9c1f27ee79b754ad32a14abd9bac", Source: local},
	{Name: "HPC2N-2002-2.2-cln", File: "HPC2N-2002-2.2-cln.swf.gz", Archive: "l_hpc2n/",
		Jobs: 202871, Users: 257, MaxProcs: 240, Days: 1264, Bytes: 2997773,
		SHA256: "3c534857d6065cfd9cc35aac8d064c9c17172be7acf336de835006f43a626e64", Source: local},
	{Name: "SDSC-BLUE-2000-4.2-cln", File: "SDSC-BLUE-2000-4.2-cln.swf.gz", Archive: "l_sdsc_blue/",
		Jobs: 243306, Users: 468, MaxProcs: 1152, Days: 974, Bytes: 4070091,
		SHA256: "9aab21f3cfa108f3ecefa52391b384d996dcf4216f920186f47a734646b2c658", Source: local},
	{Name: "SDSC-DS-2004-2.1-cln", File: "SDSC-DS-2004-2.1-cln.swf.gz", Archive: "l_sdsc_ds/",
		Jobs: 96069, Users: 460, MaxProcs: 1664, Days: 366, Bytes: 1639097,
		SHA256: "0ddb885a96a7f5ee9009d8a36ef350b1d1c451044c205811938995aac80fcc36", Source: local},
	{Name: "CEA-Curie-2011-2.1-cln", File: "CEA-Curie-2011-2.1-cln.swf.gz", Archive: "l_cea_curie/",
		Jobs: 312826, Users: 582, MaxProcs: 93312, Days: 254, Bytes: 3629411,
		SHA256: "2a0fdbd40837590b491bbbac7d4cfe521de1f0b14c0dc39bbf82c4e49ea75bce", Source: local},
	{Name: "OSC-Clust-2000-3.1-cln", File: "OSC-Clust-2000-3.1-cln.swf.gz", Archive: "l_osc/",
		Jobs: 36097, Users: 253, MaxProcs: 178, Days: 677, Bytes: 536437,
		SHA256: "f2d762130a55ab26cfedc37a9f4ab55923dd07bf185912ded67628f14dbf09ab", Source: local},
	{Name: "LLNL-Thunder-2007-1.1-cln", File: "LLNL-Thunder-2007-1.1-cln.swf.gz", Archive: "l_llnl_thunder/",
		Jobs: 119849, Users: 283, MaxProcs: 4008, Days: 150, Bytes: 1312559,
		SHA256: "df27b2ad62ef5ec1d02d592d48390ab2a8250265b9639bb5f0ebaa11f043ee38", Source: local},
	// Made by the reference Lublin–Feitelson program (m_lublin99) for a
	// 256-node machine; not served by the archive under this name.
	{Name: "lublin_256", File: "lublin_256.swf.gz", Archive: "",
		Jobs: 10000, Users: 0, MaxProcs: 256, Days: 89, Bytes: 102338,
		SHA256: "ba3ee5b59b5bd8dfd369da283bab7b9f968b57fb5e77684eda4e46cfa58694c3", Source: local},
}

// Catalog returns the known logs, in the order of the archive's table.
func Catalog() []Entry { return append([]Entry(nil), catalog...) }

// Lookup finds a catalog entry by name, case-insensitively: the full name,
// the name with its file extensions, or a unique prefix ("KTH-SP2",
// "ctc"). An ambiguous prefix is an error that lists the candidates.
func Lookup(name string) (Entry, error) {
	key := strings.ToLower(LogName(name))
	var hits []Entry
	for _, e := range catalog {
		n := strings.ToLower(e.Name)
		if n == key {
			return e, nil
		}
		if strings.HasPrefix(n, key) {
			hits = append(hits, e)
		}
	}
	switch len(hits) {
	case 1:
		return hits[0], nil
	case 0:
		return Entry{}, fmt.Errorf("datasets: no log named %q in the catalog (tracelab catalog lists them)", name)
	}
	names := make([]string, len(hits))
	for i, h := range hits {
		names[i] = h.Name
	}
	return Entry{}, fmt.Errorf("datasets: %q is ambiguous: %s", name, strings.Join(names, ", "))
}

// Names returns the catalog's names, sorted.
func Names() []string {
	n := make([]string, len(catalog))
	for i, e := range catalog {
		n[i] = e.Name
	}
	sort.Strings(n)
	return n
}
