"""Simulated play: the bots (random, greedy, MCTS), many games run and summarised, and
the HTML report."""
