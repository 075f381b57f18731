"""The DBN Invitational season window: a season file's events, standings, invitation list, semi-
final stage and championship game (seed 000 part 2)."""
