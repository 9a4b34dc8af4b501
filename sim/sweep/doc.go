// Package sweep runs replicate sweeps: N replicates of an experiment, each a
// pure function of (configuration, seed, index) that returns one result
// row, in parallel on bounded workers, optionally over a grid of parameter
// values (load levels, RB_NPW, …), and optionally split into shards that
// run as separate processes — the tasks of a cluster job array (package
// slurm) — and are merged afterwards.
//
// This is the machinery of the bootstrap studies of Zakay and Feitelson
// (2013), "Workload resampling for performance evaluation of parallel job
// schedulers", §6.1–6.3 (1000 resampled variants of a log, each simulated
// under EASY; 10 variants per load level) and of Feitelson (2021) §4.2: the
// experiment (resampling + simulation) is supplied by the caller as an
// Experiment; this package only decides which replicate gets which seed,
// runs them, and assembles, stores and merges their rows.
//
// # Determinism
//
// Replicate r of every grid point gets the seed Seed(spec.Seed, r) — the
// first output of PCG(spec.Seed, r) — so the rows of a sweep depend only on
// the Spec, never on the number of workers or shards, the order in which
// replicates finish, or the machine they run on. The same seed at every
// grid point gives common random numbers: replicate r at load 0.8 and at
// load 1.2 resamples the same population, so the difference between the
// two points is not blurred by sampling noise.
//
// # Layout of a sweep
//
// A sweep of P grid points × R replicates has N = P·R rows. Row i is
// point i / R, replicate i mod R (the first parameter of the grid varies
// slowest). Its columns are
//
//	replicate  int    i, the row's index in the sweep
//	seed       int    Seed(spec.Seed, i mod R), 63 bits
//	<params>   float  the grid point's value of each parameter, in grid order
//	<columns>  ...    the experiment's result columns
//
// # Shards
//
// Shard{I, N} holds the replicates i ≡ I (mod N): round-robin rather than
// contiguous blocks, so that every shard gets the same mix of grid points
// (a high load level costs more to simulate than a low one) and the shards
// of a job array finish at about the same time. WriteShard writes one
// shard as one Parquet file, atomically (a temporary file renamed into
// place), with four more columns — sweep_id, shard, shards, replicates —
// from which Merge checks that the files belong to one sweep, that no
// shard or replicate appears twice and that none is missing, before it
// returns the rows sorted by replicate, exactly the frame Run returns for
// the whole sweep.
//
// # Stored sweeps
//
// A Store is a folder of whole sweeps, one file per Spec.ID. Run takes a
// sweep's rows from the store (Options.Store, else $TRACELAB_SWEEPS) when
// it holds them, instead of computing them: this is how the heavy
// experiments of a reproduction run on a cluster first (`tracelab
// reproduce --slurm` runs each Plan as a job array, merges it and stores
// it) and the notebooks then load their results. The ID names every input
// of the rows, so a stored sweep is used only by the very sweep it is.
package sweep
