"""What a viewer is shown: the secrecy gate, text and JSON reports, the table as data and
as a picture, the terminal's view."""
