// Package lublinplot draws the figures of Lublin and Feitelson, "The
// workload on parallel supercomputers: modeling the characteristics of rigid
// jobs" (JPDC 2003) from fits of package lublin: a fitted density over the
// data's histogram (the core of interactive fitting: parameters in, plot and
// D_n out), data and model CDFs (Figs 3–5, 7, 10), and arrivals per half
// hour of the day against the daily-cycle model (Figs 8–9).
//
// Sliders map integer positions (GoNB's widgets.Slider is integer-valued)
// to parameter values with ParamRange, so that a notebook only wires widgets
// to HyperGammaFit.
package lublinplot
