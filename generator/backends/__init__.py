"""Drawing faces: the PDF (reportlab) and SVG (svgwrite) backends, one face per PDF page,
and PNG pixels rasterised from it."""
