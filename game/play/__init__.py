"""The turn flow of a table game and of a solitaire session, without pygame.

`TableFlow` and `SolitaireSession` own the recorded game, the seats and their computer
players, the clock, undo and the autosave point; the scenes ask them what happens next,
hand them the player's moves and animate the events they return.
"""
