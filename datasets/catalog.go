package datasets

import (
	"fmt"
	"sort"
	"strings"
)

// Entry describes one log of the Parallel Workloads Archive.
type Entry struct {
	Name    string // e.g. "KTH-SP2-1996-2.1-cln"
	File    string // file name, e.g. "KTH-SP2-1996-2.1-cln.swf.gz" (Name + ".swf.gz")
	Archive string // folder under the archive's base URL; "" when the archive does not serve it
	// Alias is a short name that Lookup resolves to this log even where it
	// is a prefix of several names (e.g. "CTC-SP2", "SDSC-Par"): the logs
	// the papers use keep their short names.
	Alias string
	// Rows is the number of job records in the file (placeholders
	// included), as the archive states it or as counted; Jobs is the number
	// the reader keeps by default (placeholders left out). Zero when not
	// known.
	Rows, Jobs int
	Users      int // distinct user ids; 0 when not known or the log has none
	MaxProcs   int // the machine's processors; 0 when not known
	Days       int // span of the log in days (rounded); 0 when not known
	// Bytes and SHA256 describe the gzipped file; zero when not known. A
	// download is verified by its gzip checksum always, then by SHA256 and
	// Bytes where known, else by Rows and Jobs where known, else not
	// further: the loader then prints the count it read.
	Bytes  int64
	SHA256 string
	// Source says where the figures come from.
	Source string
}

// ArchiveURL is the base URL of the Parallel Workloads Archive's logs.
const ArchiveURL = "https://www.cs.huji.ac.il/labs/parallel/workload/"

// Sources of the catalog's figures. The archive itself cannot be reached
// from here; the list of logs and their folders come from list, confirmed
// by the archive's pages where the corpus of stored web pages holds them.
const (
	// local: the logs in ../shared/pwa. Rows, jobs and users counted by this
	// package's reader on the archive's files (their gzip headers carry the
	// archive's file names and dates of 2013–2015), which agree with the
	// header counts (../shared/pwa/README.md); sizes and SHA-256 from those
	// files (../shared/pwa/SHA256SUMS). LLNL-Thunder's 121,039 rows include
	// 1,190 placeholders with submit −1.
	local = "../shared/pwa (README.md, SHA256SUMS), counted by this reader"
	// list: a public script that downloads every log of the archive (41
	// URLs under http://www.cs.huji.ac.il/labs/parallel/workload/), found by
	// a text search of public GitHub files; it gives the file names and
	// folders. Nothing else is known of these logs here: a download is
	// verified by its gzip checksum only.
	list = "log list of a public download script; no counts known"
	// The archive's page of a log (http://www.cs.huji.ac.il/labs/parallel/
	// workload/FOLDER/index.html, as stored in a corpus of web pages): the
	// "Jobs:" line of its head gives Rows, its system description the
	// processors.
	pageANL   = "archive page l_anl_int: Jobs 68,936; 163,840 cores; Jan–Sep 2009; 0.9 MB gz"
	pageDAS2  = "archive page l_das2: jobs and CPUs per cluster (fs0 225,711/144, fs1 40,315/64, fs2 66,429/64, fs3 66,737/64, fs4 33,795/64)"
	pageMeta  = "archive page l_metacentrum: Jobs 103,656; 806 processors in 14 clusters; Jan–May 2009"
	pageMeta2 = "archive page l_metacentrum2: Jobs 5,731,100; Jan 2013–Apr 2015; 58 MB gz (the configuration lists 8,412 cores, the log has more clusters: MaxProcs left unknown)"
	pagePIK   = "archive page l_pik_iplex: Jobs 742,964; 2,560 cores; Apr 2009–Jul 2012; no cleaned version"
	pageRICC  = "archive page l_ricc: Jobs 447,794; 8,192 cores; May–Sep 2010; 3.6 MB gz"
	pageRoss  = "archive page l_sandia_ross: 1,524 of 1,536 nodes ran parallel jobs (later fewer); the cleaned version removes three users' flurries"
	pageLPC   = "archive page l_lpc/pbs2swf: the conversion's example sets MaxProcs=140"
	pageBook  = "Feitelson, Workload Modeling for Computer Systems Performance Evaluation (Cambridge), data sources: a 128-node iPSC/860"
	// o2kHeader: the log's own SWF header, as copied into a public
	// repository (found by code search): MaxRecords 121,989, MaxProcs 2,048.
	o2kHeader = "SWF header copy: MaxJobs = MaxRecords = 121,989, MaxProcs 2,048"
)

// catalog lists every log the archive publishes, the cleaned version where
// there is one, in the archive's (chronological) order, and the synthetic
// lublin_256.
var catalog = withFiles([]Entry{
	{Name: "NASA-iPSC-1993-3.1-cln", Archive: "l_nasa_ipsc/",
		MaxProcs: 128, Source: pageBook},
	{Name: "LANL-CM5-1994-4.1-cln", Archive: "l_lanl_cm5/", Alias: "LANL-CM5",
		Rows: 122060, Jobs: 122060, Users: 213, MaxProcs: 1024, Days: 721,
		Bytes: 2138864, SHA256: "71ff3dfa301b3ee1bd30ebc63c5363b5e8ec488e75f1f9398aa46d485ef23c3c", Source: local},
	{Name: "SDSC-Par-1995-3.1-cln", Archive: "l_sdsc_par/", Source: list},
	{Name: "SDSC-Par-1996-3.1-cln", Archive: "l_sdsc_par/", Alias: "SDSC-Par",
		Rows: 32135, Jobs: 32135, Users: 60, MaxProcs: 400, Days: 371,
		Bytes: 497990, SHA256: "cb1aab02b5e3c34659d1c1d6f73c002d415229c59f40c03fab4e20331abdaff7", Source: local},
	{Name: "CTC-SP2-1995-2", Archive: "l_ctc_sp2/", Source: list},
	{Name: "CTC-SP2-1996-3.1-cln", Archive: "l_ctc_sp2/", Alias: "CTC-SP2",
		Rows: 77222, Jobs: 77222, Users: 679, MaxProcs: 338, Days: 339,
		Bytes: 1487336, SHA256: "9fa28ac16c4386fb81b72a91d8bd8888281df2948a9d912769d387c5ee285bb4", Source: local},
	{Name: "LLNL-T3D-1996-2", Archive: "l_llnl_t3d/", Source: list},
	{Name: "KTH-SP2-1996-2.1-cln", Archive: "l_kth_sp2/", Alias: "KTH-SP2",
		Rows: 28476, Jobs: 28476, Users: 214, MaxProcs: 100, Days: 333,
		Bytes: 411455, SHA256: "3e152f201fd2e96808a735bced6ea6eb0bb07fdc447689cafb0750d87b264c0b", Source: local},
	{Name: "SDSC-SP2-1998-4.2-cln", Archive: "l_sdsc_sp2/", Alias: "SDSC-SP2",
		Rows: 59715, Jobs: 59715, Users: 437, MaxProcs: 128, Days: 729,
		Bytes: 1205570, SHA256: "e03fe48be50c4ab04d6bb2285296d9c3399e9c1f27ee79b754ad32a14abd9bac", Source: local},
	{Name: "LANL-O2K-1999-2", Archive: "l_lanl_o2k/",
		Rows: 121989, MaxProcs: 2048, Source: o2kHeader},
	{Name: "OSC-Clust-2000-3.1-cln", Archive: "l_osc/", Alias: "OSC-Clust",
		Rows: 36097, Jobs: 36097, Users: 253, MaxProcs: 178, Days: 677,
		Bytes: 536437, SHA256: "f2d762130a55ab26cfedc37a9f4ab55923dd07bf185912ded67628f14dbf09ab", Source: local},
	{Name: "SDSC-BLUE-2000-4.2-cln", Archive: "l_sdsc_blue/", Alias: "SDSC-BLUE",
		Rows: 243306, Jobs: 243306, Users: 468, MaxProcs: 1152, Days: 974,
		Bytes: 4070091, SHA256: "9aab21f3cfa108f3ecefa52391b384d996dcf4216f920186f47a734646b2c658", Source: local},
	{Name: "Sandia-Ross-2001-1.1-cln", Archive: "l_sandia_ross/",
		MaxProcs: 1524, Source: pageRoss},
	{Name: "HPC2N-2002-2.2-cln", Archive: "l_hpc2n/", Alias: "HPC2N",
		Rows: 202871, Jobs: 202871, Users: 257, MaxProcs: 240, Days: 1264,
		Bytes: 2997773, SHA256: "3c534857d6065cfd9cc35aac8d064c9c17172be7acf336de835006f43a626e64", Source: local},
	{Name: "DAS2-fs0-2003-1", Archive: "l_das2/",
		Rows: 225711, MaxProcs: 144, Source: pageDAS2},
	{Name: "DAS2-fs1-2003-1", Archive: "l_das2/",
		Rows: 40315, MaxProcs: 64, Source: pageDAS2},
	{Name: "DAS2-fs2-2003-1", Archive: "l_das2/",
		Rows: 66429, MaxProcs: 64, Source: pageDAS2},
	{Name: "DAS2-fs3-2003-1", Archive: "l_das2/",
		Rows: 66737, MaxProcs: 64, Source: pageDAS2},
	{Name: "DAS2-fs4-2003-1", Archive: "l_das2/",
		Rows: 33795, MaxProcs: 64, Source: pageDAS2},
	{Name: "SDSC-DS-2004-2.1-cln", Archive: "l_sdsc_ds/", Alias: "SDSC-DS",
		Rows: 96069, Jobs: 96069, Users: 460, MaxProcs: 1664, Days: 366,
		Bytes: 1639097, SHA256: "0ddb885a96a7f5ee9009d8a36ef350b1d1c451044c205811938995aac80fcc36", Source: local},
	{Name: "LPC-EGEE-2004-1.2-cln", Archive: "l_lpc/",
		MaxProcs: 140, Source: pageLPC},
	{Name: "LCG-2005-1", Archive: "l_lcg/", Source: list},
	{Name: "SHARCNET-2005-2", Archive: "l_sharcnet/", Source: list},
	{Name: "SHARCNET-Whale-2006-2", Archive: "l_sharcnet/", Source: list},
	{Name: "LLNL-uBGL-2006-2", Archive: "l_llnl_ubgl/", Source: list},
	{Name: "LLNL-Atlas-2006-2.1-cln", Archive: "l_llnl_atlas/", Source: list},
	{Name: "LLNL-Thunder-2007-1.1-cln", Archive: "l_llnl_thunder/", Alias: "LLNL-Thunder",
		Rows: 121039, Jobs: 119849, Users: 283, MaxProcs: 4008, Days: 150,
		Bytes: 1312559, SHA256: "df27b2ad62ef5ec1d02d592d48390ab2a8250265b9639bb5f0ebaa11f043ee38", Source: local},
	{Name: "CIEMAT-Euler-2008-1", Archive: "l_ciemat_euler/", Source: list},
	{Name: "ANL-Intrepid-2009-1", Archive: "l_anl_int/",
		Rows: 68936, MaxProcs: 163840, Source: pageANL},
	{Name: "METACENTRUM-2009-2", Archive: "l_metacentrum/",
		Rows: 103656, MaxProcs: 806, Source: pageMeta},
	{Name: "PIK-IPLEX-2009-1", Archive: "l_pik_iplex/",
		Rows: 742964, MaxProcs: 2560, Source: pagePIK},
	{Name: "RICC-2010-2", Archive: "l_ricc/",
		Rows: 447794, MaxProcs: 8192, Source: pageRICC},
	{Name: "CEA-Curie-2011-2.1-cln", Archive: "l_cea_curie/", Alias: "CEA-Curie",
		Rows: 312826, Jobs: 312826, Users: 582, MaxProcs: 93312, Days: 254,
		Bytes: 3629411, SHA256: "2a0fdbd40837590b491bbbac7d4cfe521de1f0b14c0dc39bbf82c4e49ea75bce", Source: local},
	{Name: "Intel-NetbatchA-2012-1", Archive: "l_intel_netbatch/", Source: list},
	{Name: "Intel-NetbatchB-2012-1", Archive: "l_intel_netbatch/", Source: list},
	{Name: "Intel-NetbatchC-2012-1", Archive: "l_intel_netbatch/", Source: list},
	{Name: "Intel-NetbatchD-2012-1", Archive: "l_intel_netbatch/", Source: list},
	{Name: "METACENTRUM-2013-3", Archive: "l_metacentrum2/",
		Rows: 5731100, Source: pageMeta2},
	{Name: "UniLu-Gaia-2014-2", Archive: "l_unilu_gaia/", Source: list},
	{Name: "KIT-FH2-2016-1", Archive: "l_kit_fh2/", Source: list},
	// Made by the reference Lublin–Feitelson program (m_lublin99) for a
	// 256-node machine; not served by the archive under this name.
	{Name: "lublin_256", Rows: 10000, Jobs: 10000, MaxProcs: 256, Days: 89,
		Bytes: 102338, SHA256: "ba3ee5b59b5bd8dfd369da283bab7b9f968b57fb5e77684eda4e46cfa58694c3", Source: local},
})

// withFiles sets each entry's file name from its name.
func withFiles(es []Entry) []Entry {
	for i := range es {
		es[i].File = es[i].Name + ".swf.gz"
	}
	return es
}

// Catalog returns the known logs, in the order of the archive's table.
func Catalog() []Entry { return append([]Entry(nil), catalog...) }

// Lookup finds a catalog entry by name, case-insensitively: the full name,
// the name with its file extensions, an alias ("CTC-SP2", "SDSC-Par"), or a
// unique prefix ("KTH", "ricc"). An ambiguous prefix is an error that lists
// the candidates.
func Lookup(name string) (Entry, error) {
	key := strings.ToLower(LogName(name))
	var hits []Entry
	for _, e := range catalog {
		n := strings.ToLower(e.Name)
		if n == key || (e.Alias != "" && strings.ToLower(e.Alias) == key) {
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
