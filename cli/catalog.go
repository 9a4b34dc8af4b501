package cli

import (
	"github.com/go-gota/gota/dataframe"
	"github.com/go-gota/gota/series"
	"github.com/tracelab/tracelab/datasets"
)

func init() {
	register(&command{name: "catalog", usage: "[--format table|csv|json]",
		summary: "list the logs known by name (Parallel Workloads Archive)", run: runCatalog})
}

func runCatalog(e *env, args []string) error {
	fs := e.newFlags("catalog")
	format := formatFlag(fs)
	if _, err := parseArgs(fs, args); err != nil {
		return err
	}
	if err := checkFormat(*format); err != nil {
		return err
	}
	cat := datasets.Catalog()
	var name, file []string
	var jobs, users, procs, days []int
	for _, c := range cat {
		name = append(name, c.Name)
		file = append(file, c.File)
		jobs = append(jobs, c.Jobs)
		users = append(users, c.Users)
		procs = append(procs, c.MaxProcs)
		days = append(days, c.Days)
	}
	df := dataframe.New(series.New(name, series.String, "name"), series.New(jobs, series.Int, "jobs"),
		series.New(users, series.Int, "users"), series.New(procs, series.Int, "max_procs"),
		series.New(days, series.Int, "days"), series.New(file, series.String, "file"))
	return writeFrame(e.stdout, *format, df)
}
