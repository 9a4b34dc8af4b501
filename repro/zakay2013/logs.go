package zakay2013

import (
	"errors"
	"fmt"

	"github.com/tracelab/tracelab/datasets"
	"github.com/tracelab/tracelab/repro/ledger"
	"github.com/tracelab/tracelab/repro/study"
)

// PaperLog is a row of the paper's Table I: a log as the paper used it, and
// the catalog name of the version we have.
type PaperLog struct {
	Name   string // as the paper names it: "KTH-SP2"
	File   string // the paper's version: "KTH-SP2-1996-2"
	Period string // the paper's "Period" column, MM/YY-MM/YY
	PEs    int
	Users  int
	Jobs   int
	// Catalog is the catalog name of our version, "" when the log is not
	// available (datasets.Catalog).
	Catalog string
}

// TableILogs are the rows of Table I, in the paper's order.
var TableILogs = []PaperLog{
	{"LANL-CM5", "LANL-CM5-1994-3.1-cln", "10/94-09/96", 1024, 213, 122060, "LANL-CM5"},
	{"SDSC-Par", "SDSC-Par-1995-3.1-cln", "12/94-12/95", 400, 98, 53970, ""}, // we have SDSC-Par-1996, another log
	{"CTC-SP2", "CTC-SP2-1996-2.1-cln", "06/96-05/97", 338, 679, 77222, "CTC-SP2"},
	{"KTH-SP2", "KTH-SP2-1996-2", "09/96-08/97", 100, 214, 28489, "KTH-SP2"},
	{"SDSC-SP2", "SDSC-SP2-1998-3.1-cln", "04/98-04/00", 128, 437, 59725, "SDSC-SP2"},
	{"OSC-cluster", "OSC-Clust-2000-3.1-cln", "01/00-11/01", 178, 253, 36097, "OSC-Clust"},
	{"SDSC-BLUE", "SDSC-BLUE-2000-3.1-cln", "04/00-01/03", 1152, 468, 243314, "SDSC-BLUE"},
	{"HPC2N", "HPC2N-2002-1.1-cln", "07/02-01/06", 240, 257, 202876, "HPC2N"},
	{"SDSC-DS", "SDSC-DS-2004-1", "03/04-04/05", 1664, 460, 96089, "SDSC-DS"},
	{"ANL-Intrepid", "ANL-Intrepid-2009-1", "01/09-09/09", 163840, 236, 68936, ""},
	{"PIK-IPLEX", "PIK-IPLEX-2009-1", "04/09-07/12", 2560, 225, 742965, ""},
	{"CEA-Curie", "CEA-Curie-2011-2.1-cln", "02/12-10/12", 93312, 582, 312826, "CEA-Curie"},
}

// paperLog returns the Table I row of the log the paper calls name.
func paperLog(name string) PaperLog {
	l, ok := tableILog(name)
	if !ok {
		panic("zakay2013: no log " + name + " in Table I")
	}
	return l
}

// tableILog returns the Table I row of the log the paper calls name, and
// whether Table I has one (a log the paper uses beyond Table I, such as
// SDSC-Par-1996 in Fig. 6, has none).
func tableILog(name string) (PaperLog, bool) {
	for _, l := range TableILogs {
		if l.Name == name {
			return l, true
		}
	}
	return PaperLog{}, false
}

// standIns are logs we use where the paper's is not available, by the
// name we give them, with their catalog name: SDSC-Par-1996 (another year
// of the same machine) for SDSC-Par-1995 in Table VII and Fig. 13.
var standIns = map[string]string{"SDSC-Par-1996": "SDSC-Par"}

// standInFor names the paper's log each stand-in replaces.
var standInFor = map[string]string{"SDSC-Par-1996": "SDSC-Par-1995"}

// catalogOf returns the catalog name of a log of the paper (Table I) or of
// a stand-in, "" when it is not available.
func catalogOf(name string) string {
	if c, ok := standIns[name]; ok {
		return c
	}
	return paperLog(name).Catalog
}

// logOf returns a log of the paper or a stand-in by name (study.Log; an
// unavailable log wraps study.ErrMissing).
func logOf(name string) (*datasets.Trace, error) {
	c := catalogOf(name)
	if c == "" {
		return nil, fmt.Errorf("%s: %w", unavailableWhy(name), study.ErrMissing)
	}
	return study.Log(c)
}

// standInWhy says which log a stand-in replaces.
func standInWhy(name string) string {
	return fmt.Sprintf("%s stands in for the paper's %s (another year of the same machine): not the paper's input", name, standInFor[name])
}

// unavailableWhy says why a log of the paper is missing here.
func unavailableWhy(name string) string {
	switch name {
	case "SDSC-Par":
		return "SDSC-Par-1995 is not in our copy of the archive (we have SDSC-Par-1996, another log)"
	default:
		return name + " is not in our copy of the archive"
	}
}

// missingLogs lists the logs of a figure that are not available here
// (study.ErrMissing): the figure is drawn without them and its ledger says
// so, rather than failing the paper's whole ledger.
type missingLogs []string

// isMissing reports whether err says a log is not available.
func isMissing(err error) bool { return errors.Is(err, study.ErrMissing) }

// claims adds one not-comparable entry per missing log, id
// <prefix>/<log>/unavailable.
func (m missingLogs) claims(l *ledger.Ledger, item, prefix string) {
	for _, name := range m {
		l.MissingLog(item, prefix+"/"+name+"/unavailable", name+": its part of "+item, "shown", name,
			name+" is not available here (neither in TRACELAB_DATA nor in the download cache)")
	}
}
