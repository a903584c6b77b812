"""Text on a face: inline markup, wrapping and shrinking to fit, the fonts and their metrics."""
