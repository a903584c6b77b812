"""A face: the description both backends draw, composed from a layout and a component's
fields, its elements (shapes, icons, lines, codes), a group's faces, and the check `validate`
runs on every face."""
