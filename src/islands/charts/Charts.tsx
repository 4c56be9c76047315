/**
 * The charts of a stats page, loaded lazily by the stats app only on the pages that draw charts (a chunk of
 * its own: d3 modules and the chart components are never part of the first load; its stylesheet, charts.css, is
 * linked by StatsApp with the chunk). On player pages it loads the
 * player's details (/api/player_details), which only the charts show.
 */
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { $page } from '../../stores/page';
import { loadPlayerDetails } from '../../stores/playerDetails';
import CareerChart from './CareerChart';
import LeagueTrendChart from './LeagueTrendChart';
import ShotChart from './ShotChart';
import TrendChart from './TrendChart';

export default function Charts() {
  const { kind, entity } = useStore($page);
  // The player's details (name for the charts' names, seasons for the career chart) are fetched here, by what
  // shows them: no other player page renders them.
  const wantsPlayer = (kind === 'PlayerProfile' || kind === 'PlayerGameLog') && entity !== null;
  useEffect(() => {
    if (wantsPlayer) void loadPlayerDetails(entity);
  }, [wantsPlayer, entity]);
  switch (kind) {
    case 'PlayerProfile':
      return (
        <div className="charts">
          <ShotChart />
          <CareerChart />
        </div>
      );
    case 'TeamTeam':
    case 'GameTeam':
    case 'GamePlayers':
      return (
        <div className="charts">
          <ShotChart />
        </div>
      );
    case 'League':
      return (
        <div className="charts">
          <LeagueTrendChart />
        </div>
      );
    case 'PlayerGameLog':
    case 'TeamGameLog':
      return (
        <div className="charts">
          <TrendChart />
        </div>
      );
    default:
      return null;
  }
}
