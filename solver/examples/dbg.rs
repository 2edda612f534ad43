fn main() {
    let line = std::env::args().nth(1).unwrap();
    let game = solver::Record::from_json(&line).unwrap().game().unwrap();
    let mut s = solver::Solver::new();
    println!("fast {:?}", s.solve(&game).unwrap().cards);
    println!("naive {:?}", solver::naive_solve(&game).unwrap());
    for card in game.legal_cards() {
        let mut g = game.clone();
        g.play(card).unwrap();
        println!(
            "{card}: hands {:?} trick {:?}",
            g.hands(),
            g.current_trick()
        );
    }
}
