//! The Online window's Players tab: a game's leaderboard, and a player's
//! page with the rating's plot and the last games.

use bevy_egui::egui;

use crate::game::online::community::CommunityIntent;
use crate::game::online::link::Link;
use crate::game::online::panel::{OnlineForm, OnlinePanel};
use crate::game::online::panel::{account_name, game_name, player_name, striped_list};
use crate::online::protocol::ClientMessage;
use crate::tr;

pub(super) fn players_tab(ui: &mut egui::Ui, data: &mut OnlinePanel, form: &mut OnlineForm) {
    // Once connected: the leaderboard, and the player's own page.
    if data.community.link == Link::Open {
        let own = data.community.account.clone();
        let asked = (form.board_game.clone(), own.is_some());
        if form.asked.as_ref() != Some(&asked) {
            data.community_intents
                .write(CommunityIntent::Send(ClientMessage::Players {
                    game: form.board_game.clone(),
                }));
            if let Some(name) = own.filter(|_| data.community.page.is_none()) {
                data.community_intents
                    .write(CommunityIntent::Send(ClientMessage::Player { name }));
            }
            form.asked = Some(asked);
        }
    }
    ui.horizontal(|ui| {
        let board = egui::ComboBox::from_id_salt("online-board-game")
            .selected_text(game_name(data, &form.board_game))
            .show_ui(ui, |ui| {
                for rules in data
                    .variants
                    .iter()
                    .filter(|r| r.variant().design().is_none())
                {
                    let name = rules.variant().name().to_string();
                    ui.selectable_value(&mut form.board_game, rules.id().to_string(), name);
                }
            });
        crate::game::ui::name_for_reader(&board.response, tr!("online-game"));
        let find = ui.add(egui::TextEdit::singleline(&mut form.find).desired_width(110.0));
        crate::game::ui::name_for_reader(&find, tr!("online-find-player"));
        if ui
            .add_enabled(
                !form.find.trim().is_empty(),
                egui::Button::new(tr!("online-find-player")),
            )
            .clicked()
        {
            data.community_intents
                .write(CommunityIntent::Send(ClientMessage::Player {
                    name: form.find.trim().to_string(),
                }));
        }
    });
    ui.columns(2, |columns| {
        leaderboard(&mut columns[0], data);
        player_page(&mut columns[1], data, form);
    });
}

fn leaderboard(ui: &mut egui::Ui, data: &mut OnlinePanel) {
    let Some((game, players)) = &data.community.leaderboard else {
        ui.label(tr!("online-waiting-server"));
        return;
    };
    ui.strong(tr!("online-leaderboard", game = game_name(data, game)));
    if players.is_empty() {
        ui.label(tr!("online-no-rated-games"));
        return;
    }
    let mut show = None;
    egui::ScrollArea::vertical()
        .id_salt("leaderboard")
        .max_height(300.0)
        .show(ui, |ui| {
            striped_list(ui, "online-leaderboard", 3, |ui| {
                for (rank, player) in players.iter().enumerate() {
                    ui.label(format!("{}", rank + 1));
                    let computer = player.name.starts_with("computer (");
                    if computer {
                        ui.label(player_name(&player.name));
                    } else if ui.link(account_name(&player.name, player.bot)).clicked() {
                        show = Some(player.name.clone());
                    }
                    ui.label(rating_words(player.rating.rating, player.provisional));
                    ui.end_row();
                }
            });
        });
    if let Some(name) = show {
        data.community_intents
            .write(CommunityIntent::Send(ClientMessage::Player { name }));
    }
}

fn player_page(ui: &mut egui::Ui, data: &OnlinePanel, form: &OnlineForm) {
    let Some(page) = &data.community.page else {
        ui.label(tr!("online-pick-player"));
        return;
    };
    ui.heading(account_name(&page.name, page.bot));
    for rating in &page.ratings {
        ui.label(tr!(
            "online-player-rating",
            game = game_name(data, &rating.game),
            rating = rating_words(rating.rating.rating, rating.provisional),
            deviation = rating.rating.deviation.round() as i64,
            count = rating.rating.games
        ));
    }
    // The rating's history in the leaderboard's game (or the first game
    // played rated).
    let game = if page.history.iter().any(|p| p.game == form.board_game) {
        form.board_game.clone()
    } else {
        page.history
            .first()
            .map(|p| p.game.clone())
            .unwrap_or_default()
    };
    let points: Vec<f64> = page
        .history
        .iter()
        .filter(|p| p.game == game)
        .map(|p| p.rating)
        .collect();
    if !points.is_empty() {
        ui.label(tr!("online-rating-in", game = game_name(data, &game)));
        rating_plot(ui, &points);
    }
    ui.label(tr!("online-last-games", count = page.games.len()));
    egui::ScrollArea::vertical()
        .id_salt("player-games")
        .max_height(140.0)
        .show(ui, |ui| {
            for game in page.games.iter().take(30) {
                let side = game.side.word();
                let result = match &game.winner {
                    None => "playing",
                    Some(winner) if winner == side => "won",
                    Some(_) => "lost",
                };
                let opponent = match game.opponent.as_deref() {
                    Some(name) if game.opponent_bot => account_name(name, true),
                    Some(name) => player_name(name),
                    None => "?".to_string(),
                };
                ui.small(tr!(
                    "online-played-game",
                    game = game_name(data, &game.variant),
                    size = game.size.as_str(),
                    opponent = opponent,
                    result = result,
                    turns = game.turns,
                    rated = if game.rated { "yes" } else { "no" }
                ));
            }
        });
}

/// A rating as the lists show it: whole, marked `?` when provisional (too
/// few games for it to say much).
fn rating_words(rating: f64, provisional: bool) -> String {
    let rating = rating.round() as i64;
    if provisional {
        tr!("online-rating-provisional", rating = rating)
    } else {
        tr!("online-rating", rating = rating)
    }
}

/// A player's ratings after each rated game, as a line.
fn rating_plot(ui: &mut egui::Ui, points: &[f64]) {
    let (rect, _) = ui.allocate_exact_size(egui::vec2(260.0, 110.0), egui::Sense::hover());
    let painter = ui.painter_at(rect);
    let visuals = ui.visuals();
    painter.rect_filled(rect, 4.0, visuals.extreme_bg_color);
    let (low, high) = points
        .iter()
        .fold((f64::INFINITY, f64::NEG_INFINITY), |(l, h), &p| {
            (l.min(p), h.max(p))
        });
    // At least 100 points of rating tall, centred on the line.
    let middle = (low + high) / 2.0;
    let half = ((high - low) / 2.0).max(50.0) * 1.15;
    let inner = rect.shrink2(egui::vec2(34.0, 8.0));
    let y = |rating: f64| {
        inner.bottom() - ((rating - (middle - half)) / (2.0 * half)) as f32 * inner.height()
    };
    let x = |i: usize| {
        if points.len() == 1 {
            inner.center().x
        } else {
            inner.left() + i as f32 / (points.len() - 1) as f32 * inner.width()
        }
    };
    let text = visuals.weak_text_color();
    for rating in [middle - half * 0.8, middle, middle + half * 0.8] {
        let at = y(rating);
        painter.line_segment(
            [egui::pos2(inner.left(), at), egui::pos2(inner.right(), at)],
            egui::Stroke::new(0.5, text),
        );
        painter.text(
            egui::pos2(rect.left() + 2.0, at),
            egui::Align2::LEFT_CENTER,
            tr!("online-rating", rating = rating.round() as i64),
            egui::FontId::proportional(10.0),
            text,
        );
    }
    let line: Vec<egui::Pos2> = points
        .iter()
        .enumerate()
        .map(|(i, &p)| egui::pos2(x(i), y(p)))
        .collect();
    let colour = egui::Color32::from_rgb(220, 120, 40);
    painter.add(egui::Shape::line(
        line.clone(),
        egui::Stroke::new(2.0, colour),
    ));
    for point in line {
        painter.circle_filled(point, 3.0, colour);
    }
}
