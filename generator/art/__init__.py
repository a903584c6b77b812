"""Artwork files: sniffed and bounded, SVG parsed once for print and preview, its text set in
embedded fonts, and what SVG features cannot be drawn alike."""
