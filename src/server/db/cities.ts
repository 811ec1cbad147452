// The US cities of data/us-cities.csv with their coordinates and IANA time zones: where demo dealerships
// stand, where a dealership added in a known city takes its time zone and coordinates from, and the cities the
// site offers.

import { readFileSync } from "node:fs";
import { projectPath } from "../paths";

type City = { city: string; state: string; latitude: number; longitude: number; timeZone: string };

export function loadCities(file = projectPath(process.env.CITIES_CSV ?? "data/us-cities.csv")): City[] {
  const [, ...lines] = readFileSync(file, "utf8").trim().split(/\r?\n/);
  return lines.map((line) => {
    const [city, state, lat, lng, timeZone] = line.split(",");
    return { city: city!, state: state!, latitude: Number(lat), longitude: Number(lng), timeZone: timeZone! };
  });
}
