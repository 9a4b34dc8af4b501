// Package parallel is tracelab's one worker-pool idiom: For runs n
// independent tasks on a bounded number of goroutines (an errgroup with
// SetLimit and a context); the first task to fail cancels the others; each
// task writes only its own result slot, so results are the same whatever
// the number of workers. Workers turns a Workers option into a number of
// goroutines (zero means GOMAXPROCS, negative is an error); Progress
// reports finished tasks to a callback one call at a time.
package parallel
