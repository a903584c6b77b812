"""Print sheets: where each face goes (imposition, custom sheet layouts), the marks and
cut files, and the PDF pages."""
