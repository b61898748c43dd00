//! `kasa admin sports ...`: the operator's sportsbook commands (events, markets, results, High
//! Rate prices), printing what [`super::admin`] did.

use clap::Subcommand;

use super::admin;
use crate::db::Db;

#[derive(Subcommand)]
pub enum SportsCommand {
    /// The events to come (or live ones).
    Events {
        #[arg(long)]
        live: bool,
        /// football, basketball, tennis or volleyball.
        #[arg(long)]
        sport: Option<String>,
    },
    /// An event's markets, selections and prices.
    Markets { event: i64 },
    /// Kick an event off now (a fixture brought forward): the feed plays it live from now on.
    Kickoff { event: i64 },
    /// Suspend a market until it is reopened (the feed keeps it suspended).
    Suspend { market: i64 },
    /// Reopen a market suspended by an operator.
    Reopen { market: i64 },
    /// Enter or correct a market's result (its bets are resettled by new transfers).
    Result {
        market: i64,
        /// A winning selection's key (1, X, 2, over, yes, 2-1, ...); repeat for several.
        #[arg(long = "winner", required = true)]
        winners: Vec<String>,
    },
    /// Void a market: its bets' legs count at 1.00.
    Void { market: i64 },
    /// Set a selection's High Rate price (the /fcg pages), or remove it with --off.
    Boost {
        selection: i64,
        #[arg(long, required_unless_present = "off")]
        price: Option<f64>,
        #[arg(long)]
        off: bool,
    },
}

/// Runs a sportsbook command, printing what it did.
pub async fn run(db: &Db, command: SportsCommand) -> anyhow::Result<()> {
    match command {
        SportsCommand::Events { live, sport } => print!("{}", admin::events(db, live, sport.as_deref()).await?),
        SportsCommand::Markets { event } => print!("{}", admin::markets(db, event).await?),
        SportsCommand::Kickoff { event } => {
            admin::kickoff(db, event).await?;
            println!("event #{event} kicks off now");
        }
        SportsCommand::Suspend { market } => {
            admin::suspend(db, market, None).await?;
            println!("market #{market} suspended");
        }
        SportsCommand::Reopen { market } => {
            admin::reopen(db, market, None).await?;
            println!("market #{market} reopened");
        }
        SportsCommand::Result { market, winners } => {
            let n = admin::result(db, market, &winners, None).await?;
            println!("market #{market} settled ({}): {n} bet(s) settled", winners.join(", "));
        }
        SportsCommand::Void { market } => {
            let n = admin::void(db, market, None).await?;
            println!("market #{market} voided: {n} bet(s) resettled");
        }
        SportsCommand::Boost { selection, price, off } => {
            let price = if off { None } else { price };
            admin::boost(db, selection, price, None).await?;
            println!("selection #{selection}: High Rate price {}", price.map_or("removed".to_string(), |p| format!("{p:.2}")));
        }
    }
    Ok(())
}
