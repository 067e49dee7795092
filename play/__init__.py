"""fecipher.play: the command line, agents, the AI, the human seat, the terminal board and the log."""
