"""Draws harbour.png, the example game's bitmap art (a boat in a harbour at noon), with Pillow.

Run from this folder: python draw_harbour.py. The drawing is the project's own (CC0).
"""

from PIL import Image, ImageDraw

WIDTH, HEIGHT = 1200, 800


def main() -> None:
    image = Image.new("RGB", (WIDTH, HEIGHT), "#9fd3e6")
    pen = ImageDraw.Draw(image)
    pen.ellipse((900, 80, 1060, 240), fill="#ffd84d")
    for x, y in ((160, 140), (520, 90)):
        pen.ellipse((x, y, x + 180, y + 70), fill="#ffffff")
        pen.ellipse((x + 70, y - 30, x + 220, y + 60), fill="#ffffff")
    pen.polygon([(0, 470), (300, 380), (520, 470)], fill="#6c8a5a")
    pen.polygon([(380, 470), (760, 330), (1200, 470)], fill="#58764a")
    pen.rectangle((0, 470, WIDTH, HEIGHT), fill="#1f6f95")
    for row in range(6):
        y = 500 + row * 50
        for x in range(-40 + (row % 2) * 60, WIDTH, 120):
            pen.arc((x, y, x + 60, y + 24), 200, 340, fill="#d8eef6", width=5)
    pen.polygon([(330, 560), (870, 560), (800, 660), (400, 660)], fill="#8b4a2b")
    pen.rectangle((330, 548, 870, 566), fill="#f2e2c4")
    pen.rectangle((590, 250, 606, 560), fill="#4a3324")
    pen.polygon([(612, 270), (612, 530), (820, 530)], fill="#fbf7ef", outline="#4a3324")
    pen.polygon([(584, 290), (584, 530), (420, 530)], fill="#e9c46a", outline="#4a3324")
    pen.polygon([(606, 250), (680, 265), (606, 280)], fill="#c8453a")
    pen.rectangle((0, 700, 260, 800), fill="#7a5a3a")
    for x in range(10, 260, 50):
        pen.rectangle((x, 680, x + 18, 800), fill="#5b4029")
    image.save("harbour.png", optimize=True)


if __name__ == "__main__":
    main()
