package similarity

import "fmt"

// Statistic selects a column of Distances: a statistic of the similarity
// at each session distance (Fig. 1 of 2013 plots one; similarityplot.Distances
// draws it).
type Statistic int

const (
	MeanOfSessionPairs   Statistic = iota // Distances.Mean
	MedianOfSessionPairs                  // Distances.Median
	IdenticalFraction                     // Distances.Identical
	PooledJobPairs                        // Distances.PooledMean
	MeanOfUsers                           // Distances.UserMean
	MedianOfUsers                         // Distances.UserMedian
)

// String returns the statistic's name, as an axis label.
func (s Statistic) String() string {
	switch s {
	case MeanOfSessionPairs:
		return "average similarity"
	case MedianOfSessionPairs:
		return "median similarity"
	case IdenticalFraction:
		return "fraction identical"
	case PooledJobPairs:
		return "average similarity (job pairs)"
	case MeanOfUsers:
		return "average similarity (users)"
	case MedianOfUsers:
		return "median similarity (users)"
	}
	return fmt.Sprintf("Statistic(%d)", int(s))
}

// Statistics lists the statistics in order.
var Statistics = []Statistic{MeanOfSessionPairs, MedianOfSessionPairs, IdenticalFraction, PooledJobPairs, MeanOfUsers, MedianOfUsers}

// Column returns the statistic's column of d, one value per distance. It
// panics for a Statistic not listed in Statistics.
func (s Statistic) Column(d Distances) []float64 {
	switch s {
	case MeanOfSessionPairs:
		return d.Mean
	case MedianOfSessionPairs:
		return d.Median
	case IdenticalFraction:
		return d.Identical
	case PooledJobPairs:
		return d.PooledMean
	case MeanOfUsers:
		return d.UserMean
	case MedianOfUsers:
		return d.UserMedian
	}
	panic("similarity: unknown Statistic")
}
