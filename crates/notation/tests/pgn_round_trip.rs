//! PGN: write → read round trips of random games with comments, NAGs and
//! variations; the reader's handling of real-world syntax; the Game type's
//! export.

mod common;

use common::{random_game, Rng};
use outpost_board::Move;
use outpost_board::Position;
use outpost_notation::pgn::{Comment, Control, Visitor};
use outpost_notation::{parse_epd, to_fen};
use outpost_notation::{
    parse_fen, Game, GameResult, Line, MoveNode, PgnError, PgnGame, PgnReader, ReadOptions, Tags,
};
use proptest::prelude::*;

const WORDS: [&str; 6] = ["good", "a much longer remark", "!?", "(see", "below)", "é"];

/// A random line of up to `plies` moves from `start`, with comments, NAGs and
/// (while `depth` allows) variations.
fn random_line(rng: &mut Rng, start: Position, plies: usize, depth: u32) -> Line {
    let mut line = Line::default();
    if rng.below(8) == 0 {
        line.comments
            .push(WORDS[rng.below(WORDS.len())].to_string());
    }
    let mut pos = start;
    for mv in random_game(start, rng.next(), plies) {
        let mut node = MoveNode::new(mv);
        if rng.below(6) == 0 {
            node.nags.push(rng.below(256) as u8);
        }
        if rng.below(6) == 0 {
            node.comments
                .push(WORDS[rng.below(WORDS.len())].to_string());
        }
        if depth > 0 && rng.below(8) == 0 {
            let n = 1 + rng.below(2);
            for _ in 0..n {
                let plies = 1 + rng.below(8);
                node.variations
                    .push(random_line(rng, pos, plies, depth - 1));
            }
        }
        pos = pos.play(mv);
        line.moves.push(node);
    }
    line
}

fn random_pgn_game(seed: u64) -> PgnGame {
    let mut rng = Rng(seed | 1);
    let mut tags = Tags::seven_tag_roster();
    tags.set("White", "Player \"Quoted\" \\ Backslash");
    tags.push("Annotator", &format!("seed {seed}"));
    let start = if rng.below(4) == 0 {
        let fen = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R b KQkq - 3 17";
        tags.push("SetUp", "1");
        tags.push("FEN", fen);
        parse_fen(fen).unwrap()
    } else {
        Position::startpos()
    };
    let results = [
        GameResult::WhiteWins,
        GameResult::BlackWins,
        GameResult::Draw,
        GameResult::Unknown,
    ];
    let plies = rng.below(120);
    PgnGame {
        tags,
        start,
        moves: random_line(&mut rng, start, plies, 3),
        result: results[rng.below(4)],
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn write_then_read_gives_the_same_game(seeds in proptest::collection::vec(any::<u64>(), 1..5)) {
        let games: Vec<PgnGame> = seeds.iter().map(|&s| random_pgn_game(s)).collect();
        let mut text = String::new();
        for game in &games {
            outpost_notation::write_pgn(&mut text, game);
            text.push('\n');
        }
        for line in text.lines() {
            prop_assert!(line.chars().count() <= 80, "{line}");
        }
        let read: Vec<PgnGame> = PgnReader::new(text.as_bytes()).collect::<Result<_, _>>().unwrap();
        prop_assert_eq!(&read, &games);
        // And writing again gives the same text.
        let mut again = String::new();
        for game in &read {
            outpost_notation::write_pgn(&mut again, game);
            again.push('\n');
        }
        prop_assert_eq!(again, text);
    }
}

#[test]
fn reads_real_world_syntax() {
    let text = r#"% a line for other programs
[Event "F/S Return Match"]
[Site "Belgrade, Serbia JUG"]
[Date "1992.11.04"]
[Round "29"]
[White "Fischer, Robert J."]
[Black "Spassky, Boris V."]
[Result "1/2-1/2"]
[ECO "C95"]

1. e4 e5 2. Nf3 Nc6 3. Bb5 {This opening is called the Ruy Lopez.} 3... a6
4. Ba4 Nf6 5. 0-0 Be7 6. Re1 b5 7. Bb3 d6 8. c3 O-O 9. h3 Nb8 10. d4 Nbd7
11. c4 c6 12. cxb5 axb5 13. Nc3 Bb7 14. Bg5 b4 15. Nb1 h6 16. Bh4 c5 17. dxe5
Nxe4 18. Bxe7 Qxe7 19. exd6 Qf6 20. Nbd2 Nxd6 21. Nc4 Nxc4 22. Bxc4 Nb6
23. Ne5 Rae8 24. Bxf7+ Rxf7 25. Nxf7 Rxe1+ 26. Qxe1 Kxf7 27. Qe3 Qg5 28. Qxg5
hxg5 29. b3 Ke6 30. a3 Kd6 31. axb4 cxb4 32. Ra5 Nd5 33. f3 Bc8 34. Kf2 Bf5
35. Ra7 g6 36. Ra6+ Kc5 37. Ke1 Nf4 38. g3 Nxh3 39. Kd2 Kb5 40. Rd6 Kc5 41. Ra6
Nf2 42. g4 Bd3 43. Re6 1/2-1/2

[Event "second"]
[SetUp "1"]
[FEN "4k3/1P6/8/8/8/8/8/4K3 w - - 0 60"]

60.b8Q+! Kd7 $14 ; a rest-of-line comment
61.Qb5+ { a comment
spanning lines } (61. Qb7+ Kd6 (61... Ke6) 62. Qb6+) 61...Kd6?! 62.Ke2 *
"#;
    let games: Vec<PgnGame> = PgnReader::new(text.as_bytes())
        .collect::<Result<_, _>>()
        .unwrap();
    assert_eq!(games.len(), 2);
    assert_eq!(games[0].moves.moves.len(), 85);
    assert_eq!(games[0].result, GameResult::Draw);
    assert_eq!(games[0].tags.get("ECO"), Some("C95"));
    assert_eq!(
        games[0].moves.moves[4].comments[..],
        ["This opening is called the Ruy Lopez."]
    );
    let second = &games[1];
    assert_eq!(
        second.start,
        parse_fen("4k3/1P6/8/8/8/8/8/4K3 w - - 0 60").unwrap()
    );
    assert_eq!(second.move_count(), 9);
    assert_eq!(second.moves.moves[0].nags[..], [1]);
    assert_eq!(second.moves.moves[1].nags[..], [14]);
    assert_eq!(
        second.moves.moves[1].comments[..],
        ["a rest-of-line comment"]
    );
    assert_eq!(
        second.moves.moves[2].comments[..],
        ["a comment spanning lines"]
    );
    assert_eq!(
        second.moves.moves[2].variations[0].moves[1]
            .variations
            .len(),
        1
    );
    assert_eq!(second.moves.moves[3].nags[..], [6]);
    // Written out and read back, nothing is lost.
    for game in &games {
        let again: PgnGame = game.to_string().parse().unwrap();
        assert_eq!(&again, game);
    }
    let game = Game::from_pgn_game(&games[0]).unwrap();
    assert_eq!(game.result(), GameResult::Draw);
    assert_eq!(game.san_moves()[8], "O-O");
}

#[test]
fn a_bad_game_does_not_stop_the_next() {
    let text = "[Event \"1\"]\n\n1. e4 e5 *\n\n[Event \"2\"]\n\n1. e4 e5 2. Ke3 *\n\n\
                [Event \"3\"\n\n1. d4 *\n\n[Event \"4\"]\n\n1. d4 (1. e4 *\n\n[Event \"5\"]\n\n1. c4 *\n";
    let results: Vec<_> = PgnReader::with_options(text.as_bytes(), ReadOptions::strict()).collect();
    assert_eq!(results.len(), 5);
    assert!(results[0].is_ok());
    assert!(matches!(
        &results[1],
        Err(PgnError::Syntax { game: 2, line: 7, column: 13, reason }) if reason.contains("Ke3")
    ));
    assert!(matches!(
        &results[2],
        Err(PgnError::Syntax {
            game: 3,
            line: 9,
            ..
        })
    ));
    assert!(matches!(&results[3], Err(PgnError::Syntax { game: 4, .. })));
    assert_eq!(results[4].as_ref().unwrap().tags.get("Event"), Some("5"));
}

/// The tree builder keeps its line buffers from game to game: a game that
/// fails two variations deep must leave nothing in the next game's tree.
#[test]
fn a_game_after_an_error_inside_variations_starts_clean() {
    let text = "1. e4 {a} e5 (1... c5 {b} 2. Nf3 (2. Nc3 Nc6 3. Ke3) d6) 2. Nf3 *\n\n\
                1. d4 {c} d5 (1... Nf6 2. c4 (2. Nf3)) 2. c4 *\n";
    let results: Vec<_> = PgnReader::with_options(text.as_bytes(), ReadOptions::strict()).collect();
    assert_eq!(results.len(), 2);
    assert!(
        matches!(&results[0], Err(PgnError::Syntax { game: 1, reason, .. }) if reason.contains("Ke3"))
    );
    let game = results[1].as_ref().unwrap();
    assert_eq!(
        game.to_string(),
        "1. d4 {c} 1... d5 (1... Nf6 2. c4 (2. Nf3)) 2. c4 *\n"
    );
    let main = &game.moves;
    assert_eq!(main.moves.len(), 3);
    assert!(main.comments.is_empty());
    assert_eq!(main.moves[0].comments[..], ["c"]);
    assert_eq!(main.moves[1].variations.len(), 1);
    let variation = &main.moves[1].variations[0];
    assert_eq!(variation.moves.len(), 2);
    assert_eq!(variation.moves[1].variations.len(), 1);
    assert_eq!(variation.moves[1].variations[0].moves.len(), 1);
    assert!(variation.moves[1].variations[0].moves[0]
        .variations
        .is_empty());
    assert_eq!(game.move_count(), 6);
}

#[test]
fn games_without_tags_and_result_lines() {
    let text = "1. e4 e5 1-0 {after} 1. d4 d5 0-1 ; trailing\n1. c4 *";
    let games: Vec<PgnGame> = PgnReader::new(text.as_bytes())
        .collect::<Result<_, _>>()
        .unwrap();
    let results: Vec<_> = games.iter().map(|g| g.result).collect();
    assert_eq!(
        results,
        [
            GameResult::WhiteWins,
            GameResult::BlackWins,
            GameResult::Unknown
        ]
    );
    let bom: PgnGame = "\u{feff}[Event \"x\"]\r\n\r\n1. e4 *\r\n".parse().unwrap();
    assert_eq!(bom.tags.get("Event"), Some("x"));
    // Files joined together keep each one's byte-order mark.
    let text = "\u{feff}[Event \"x\"]\n\n1. e4\n\u{feff}[Event \"y\"]\n\n1. d4 *\n";
    for options in [ReadOptions::lenient(), ReadOptions::strict()] {
        let games: Vec<PgnGame> = PgnReader::with_options(text.as_bytes(), options)
            .collect::<Result<_, _>>()
            .unwrap();
        assert_eq!(games.len(), 2);
        assert_eq!(games[1].tags.get("Event"), Some("y"));
    }
    assert_eq!(PgnReader::new("".as_bytes()).count(), 0);
    assert_eq!(PgnReader::new("\n\n  \n".as_bytes()).count(), 0);
}

#[test]
fn game_exports_pgn_with_the_roster() {
    let mut game = Game::new();
    for san in ["e4", "e5", "Bc4", "Nc6", "Qh5", "Nf6", "Qxf7#"] {
        game.play_san(san).unwrap();
    }
    let pgn = game.to_pgn();
    assert!(pgn.starts_with("[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"?\"]\n[Black \"?\"]\n[Result \"1-0\"]\n\n"));
    assert!(pgn.ends_with("1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0\n"));
    let back: Game = pgn.parse().unwrap();
    assert_eq!(back.moves(), game.moves());
    assert_eq!(back.result(), GameResult::WhiteWins);
}

/// Inputs the fuzzers found: comments that a brace comment cannot hold, and
/// words that would turn a wrapped line into a `%` escape line.
#[test]
fn awkward_comments_survive_a_round_trip() {
    let text = "1. e4 ; a } inside\n1... e5 {%not an escape} {x} 2. Nf3 *\n";
    let game: PgnGame = text.parse().unwrap();
    assert_eq!(game.moves.moves[0].comments[..], ["a } inside"]);
    let mut line = Line::default();
    for mv in random_game(Position::startpos(), 7, 40) {
        let mut node = MoveNode::new(mv);
        node.comments.push("%".repeat(20));
        line.moves.push(node);
    }
    // Found by fuzzing: a comment wrapped so that a line starts like a tag
    // pair must not end the game for a lenient reader.
    let mut tagged = Line::default();
    for mv in random_game(Position::startpos(), 9, 6) {
        let mut node = MoveNode::new(mv);
        node.comments
            .push("a very long remark that the writer wraps, [Black \"Someone\"] here".repeat(3));
        tagged.moves.push(node);
    }
    // And one whose wrapped line starts with a byte-order mark.
    let mut marked = tagged.clone();
    marked.moves[0].comments[0] = "\u{feff}word".repeat(40).replace("d\u{feff}", "d \u{feff}");
    let games = [
        game,
        PgnGame {
            moves: line,
            ..PgnGame::default()
        },
        PgnGame {
            moves: tagged,
            ..PgnGame::default()
        },
        PgnGame {
            moves: marked,
            ..PgnGame::default()
        },
    ];
    assert!(games[3]
        .to_string()
        .lines()
        .any(|l| l.starts_with('\u{feff}')));
    assert!(games[2]
        .to_string()
        .lines()
        .any(|l| l.starts_with("[Black \"")));
    for game in games {
        let written = game.to_string();
        assert!(written.lines().all(|l| !l.starts_with('%')), "{written}");
        assert_eq!(written.parse::<PgnGame>().unwrap(), game, "{written}");
        let strict = PgnReader::with_options(written.as_bytes(), ReadOptions::strict()).next();
        assert_eq!(strict.unwrap().unwrap(), game, "{written}");
    }
}

/// One element of a game as the streaming reader reports it.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Event {
    Tag(String, String),
    Start(String),
    Move(Move, String),
    Nag(u8),
    Comment(String),
    Begin,
    End,
    Result(GameResult),
}

/// Records every element the reader hands over, in order.
#[derive(Default)]
struct Recorder(Vec<Event>);

impl Visitor for Recorder {
    type Output = Vec<Event>;

    fn begin_game(&mut self) {
        self.0.clear();
    }

    fn tag(&mut self, name: &str, value: &str) -> Control {
        self.0.push(Event::Tag(name.into(), value.into()));
        Control::Continue
    }

    fn begin_movetext(&mut self, start: &Position) -> Control {
        self.0.push(Event::Start(to_fen(start)));
        Control::Continue
    }

    fn move_played(&mut self, before: &Position, mv: Move, after: &Position) -> Control {
        let mut expected = *before;
        if mv.is_null() {
            assert!(expected.make_null_move());
        } else {
            expected.make_move(mv);
        }
        assert_eq!(&expected, after);
        self.0.push(Event::Move(mv, to_fen(before)));
        Control::Continue
    }

    fn nag(&mut self, nag: u8) -> Control {
        self.0.push(Event::Nag(nag));
        Control::Continue
    }

    fn comment(&mut self, comment: Comment<'_>) -> Control {
        let text = comment.text();
        let words: Vec<&str> = text.split_whitespace().collect();
        self.0.push(Event::Comment(words.join(" ")));
        Control::Continue
    }

    fn begin_variation(&mut self) -> Control {
        self.0.push(Event::Begin);
        Control::Continue
    }

    fn end_variation(&mut self) -> Control {
        self.0.push(Event::End);
        Control::Continue
    }

    fn result(&mut self, result: GameResult) {
        self.0.push(Event::Result(result));
    }

    fn end_game(&mut self) -> Vec<Event> {
        std::mem::take(&mut self.0)
    }
}

/// The events of a tree, in the order the writer puts them.
fn tree_events(game: &PgnGame, with_result: bool) -> Vec<Event> {
    fn walk(out: &mut Vec<Event>, line: &Line, start: Position) {
        out.extend(line.comments.iter().cloned().map(Event::Comment));
        let mut pos = start;
        for node in &line.moves {
            out.push(Event::Move(node.mv, to_fen(&pos)));
            out.extend(node.nags.iter().copied().map(Event::Nag));
            out.extend(node.comments.iter().cloned().map(Event::Comment));
            for variation in &node.variations {
                out.push(Event::Begin);
                walk(out, variation, pos);
                out.push(Event::End);
            }
            if node.mv.is_null() {
                assert!(pos.make_null_move());
            } else {
                pos.make_move(node.mv);
            }
        }
    }
    let mut out: Vec<Event> = game
        .tags
        .iter()
        .map(|(n, v)| Event::Tag(n.into(), v.into()))
        .collect();
    out.push(Event::Start(to_fen(&game.start)));
    walk(&mut out, &game.moves, game.start);
    if with_result {
        out.push(Event::Result(game.result));
    }
    out
}

/// The tree-building reader and a visitor over the same text agree on
/// every game: tags, start, moves with their positions, NAGs, comments,
/// variations and result.
#[test]
fn the_tree_and_the_visitor_agree() {
    let mut games: Vec<PgnGame> = (0..200).map(random_pgn_game).collect();
    // Games from the positions of the opening suite, written from each FEN.
    for (i, line) in common::read_data("openings.epd")
        .lines()
        .take(100)
        .enumerate()
    {
        let start = parse_epd(line).unwrap().position;
        let mut tags = Tags::seven_tag_roster();
        tags.push("FEN", &to_fen(&start));
        let mut rng = Rng(i as u64 + 1);
        games.push(PgnGame {
            tags,
            start,
            moves: random_line(&mut rng, start, 30, 2),
            result: GameResult::Unknown,
        });
    }
    let mut text = String::new();
    for game in &games {
        outpost_notation::write_pgn(&mut text, game);
        text.push('\n');
    }
    let trees: Vec<PgnGame> = PgnReader::new(text.as_bytes())
        .collect::<Result<_, _>>()
        .unwrap();
    assert_eq!(trees, games);
    let mut reader = PgnReader::new(text.as_bytes());
    let mut recorder = Recorder::default();
    let mut count = 0;
    while let Some(events) = reader.read_game(&mut recorder) {
        let events = events.unwrap();
        assert_eq!(events, tree_events(&trees[count], true), "game {count}");
        count += 1;
    }
    assert_eq!(count, games.len());
    // And the main-line reader gives the same games as the tree's main line.
    let mut reader = PgnReader::new(text.as_bytes());
    let mut builder = outpost_notation::GameBuilder::new();
    for tree in &trees {
        let game = reader.read_game(&mut builder).unwrap().unwrap();
        assert_eq!(game, Game::from_pgn_game(tree).unwrap());
    }
}

/// The reader keeps the last FEN tag it parsed: a repeated FEN, a new one,
/// a bad one and a game without one each start where their own tags say.
#[test]
fn fen_tags_repeated_changed_bad_and_absent() {
    let kings = "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1";
    let rooks = "4k3/8/8/8/8/8/8/R3K3 w Q - 0 1";
    let text = format!(
        "[FEN \"{kings}\"]\n[SetUp \"1\"]\n\n1. e4 *\n\n\
         [FEN \"{kings}\"]\n[SetUp \"1\"]\n\n1. e3 *\n\n\
         [FEN \"{rooks}\"]\n[SetUp \"1\"]\n\n1. O-O-O *\n\n\
         [FEN \"4k3/8/8/8/8/8/8/9 w - - 0 1\"]\n\n1. Kd1 *\n\n\
         [FEN \"{rooks}\"]\n[SetUp \"1\"]\n\n1. Ra8+ *\n\n\
         [White \"none\"]\n\n1. e4 *\n"
    );
    let games: Vec<_> = PgnReader::new(text.as_bytes()).collect();
    assert_eq!(games.len(), 6);
    let start = |i: usize| to_fen(&games[i].as_ref().unwrap().start);
    assert_eq!(start(0), kings);
    assert_eq!(start(1), kings);
    assert_eq!(start(2), rooks);
    assert!(matches!(games[3], Err(PgnError::Syntax { .. })));
    assert_eq!(start(4), rooks);
    assert_eq!(start(5), to_fen(&Position::startpos()));
    let moves: Vec<usize> = [0, 1, 2, 4, 5]
        .iter()
        .map(|&i| games[i].as_ref().unwrap().moves.moves.len())
        .collect();
    assert_eq!(moves, [1, 1, 1, 1, 1]);
}

/// Tags keep every pair in one buffer; setting, removing and comparing
/// work on the pairs, whatever the buffer held before.
#[test]
fn tags_set_remove_compare_and_show_their_pairs() {
    let mut tags = Tags::new();
    tags.push("Event", "Open");
    tags.push("Site", "a");
    tags.push("White", "X");
    tags.push("Site", "b");
    assert_eq!(tags.len(), 4);
    assert_eq!(tags.get("Site"), Some("b"));
    // In place of the first Site, the second one gone.
    tags.set("Site", "long site name, longer than before");
    let pairs: Vec<_> = tags.iter().collect();
    assert_eq!(
        pairs,
        [
            ("Event", "Open"),
            ("Site", "long site name, longer than before"),
            ("White", "X")
        ]
    );
    tags.set("Black", "Y");
    assert_eq!(tags.iter().last(), Some(("Black", "Y")));
    assert_eq!(tags.remove("White"), Some("X".to_string()));
    assert_eq!(tags.remove("White"), None);
    assert_eq!(tags.get("White"), None);

    // Equal pairs are equal tags, however they were built.
    let mut fresh = Tags::new();
    for (name, value) in tags.iter() {
        fresh.push(name, value);
    }
    assert_eq!(fresh, tags);
    fresh.push("Round", "1");
    assert_ne!(fresh, tags);
    let mut reordered = Tags::new();
    reordered.push("Site", "long site name, longer than before");
    reordered.push("Event", "Open");
    reordered.push("Black", "Y");
    assert_ne!(reordered, tags);
    assert_eq!(
        format!("{:?}", Tags::seven_tag_roster()).split(", ").next(),
        Some("Tags([(\"Event\"")
    );
    // Empty names and values are pairs too.
    let mut odd = Tags::new();
    odd.push("", "");
    odd.push("Annotator", "");
    assert_eq!(odd.len(), 2);
    assert_eq!(odd.get(""), Some(""));
    assert_eq!(odd.get("Annotator"), Some(""));
}
