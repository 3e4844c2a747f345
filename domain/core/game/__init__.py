"""The parts of the `Game` aggregate (`domain.core.aggregate`), one concern each.

    base       what a game holds (set by its creation), its status, the state hash schemes, and
               the questions every part asks (the rules, who is to act, which seats bots play)
    creation   a game created with every seat named (set up at once) or with open seats
    seats      taking and leaving a seat, the start when the last one is filled, the invitation
    play       a seat's action: decided by the rules, recorded with its facts and draws
    bots       bot seats move whenever one is to act
    orders     moves played for a person's seat: its only legal action, its standing orders
    takebacks  taking a move back: at once, or asked and answered
    clocks     who is awaited since when, what is left of each time bank; the host relaxing it
    people     a bot standing in for a player, a resignation, a seat out of time
    talk       table talk
    ending     the end beyond the rules (abandoned, resigned, forfeited) and the seed revealed
    snapshots  the aggregate's attributes in the canonical codec, and their older shapes

Each part is a plain class with the commands of its concern and the event classes they record;
`Game` combines them and names every event class in its body, so that the library defines each
on `Game` (`domain.core.aggregate:Game.<name>`, the topic stored with every event).
"""
