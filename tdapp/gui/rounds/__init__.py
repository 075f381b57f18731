"""The Rounds page: the rounds and their status, and the roll call of the selected round."""
