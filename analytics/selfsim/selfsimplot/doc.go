// Package selfsimplot draws the self-similarity figures of Zakay and
// Feitelson (2013), §5.3: the pox plot of R/S against n with its
// regression line (Fig 6) and the regression lines of several logs against
// the slopes H = ½ and H = 1 (Fig 7), from the frames of package selfsim.
package selfsimplot
