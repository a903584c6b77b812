"""The engine: the rules contract and its checks, moves and verdicts, hidden information,
a game in progress (session), and where rules come from."""
