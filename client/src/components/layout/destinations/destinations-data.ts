/** Static destination guide of the navigation popup: four zones, five destinations each. */
export interface DestinationDetail {
  name: string;
  description: string;
  highlights: string[];
  bestTime: string;
  famousFor: string;
  activities: string[];
}

export interface Zone {
  name: string;
  destinations: string[];
}

export const ZONES: readonly Zone[] = [
  { name: 'Lake', destinations: ['Mwanza', 'Rubondo Island', 'Bukoba', 'Ukerewe Island', 'Gombe Stream'] },
  { name: 'Coast', destinations: ['Zanzibar', 'Dar es Salaam', 'Bagamoyo', 'Mafia Island', 'Pangani'] },
  {
    name: 'Eastern',
    destinations: ['Morogoro', 'Mikumi', 'Udzungwa Mountains', 'Nyerere National Park', 'Usambara Mountains'],
  },
  { name: 'Northern', destinations: ['Serengeti', 'Ngorongoro', 'Kilimanjaro', 'Tarangire', 'Lake Manyara'] },
];

const d = (
  name: string,
  description: string,
  highlights: string[],
  bestTime: string,
  famousFor: string,
  activities: string[],
): DestinationDetail => ({ name, description, highlights, bestTime, famousFor, activities });

const DETAILS: Record<string, DestinationDetail> = Object.fromEntries(
  [
    d(
      'Mwanza',
      'Tanzania’s second city spreads over granite hills on the southern shore of Lake Victoria, Africa’s largest lake.',
      ['Bismarck Rock standing in the lake', 'Sunset over the fishing harbour', 'Gateway to the western Serengeti'],
      'June to October, the dry season',
      'Its balancing granite boulders and Lake Victoria',
      ['Lake cruises', 'Fish market visits', 'Sukuma Museum at Bujora'],
    ),
    d(
      'Rubondo Island',
      'A national park island in the south-west of Lake Victoria, covered in forest and reached only by boat or light aircraft.',
      ['Habituated chimpanzees', 'Sitatunga antelope in the papyrus', 'Huge numbers of fish eagles'],
      'June to August and December to February',
      'Island chimpanzee tracking far from the crowds',
      ['Chimpanzee trekking', 'Boat safaris', 'Sport fishing for Nile perch'],
    ),
    d(
      'Bukoba',
      'A green, quiet town on the western shore of Lake Victoria, the heart of the Haya people’s coffee and banana country.',
      ['Lakeside beaches', 'Rock paintings near Bwanjai', 'Traditional Haya homesteads'],
      'June to September',
      'Robusta coffee and matoke bananas',
      ['Cultural tours', 'Lake swimming', 'Coffee farm visits'],
    ),
    d(
      'Ukerewe Island',
      'The largest inland island in Africa, in the south-east of Lake Victoria, linked to Mwanza by ferry.',
      ['Fishing villages', 'Rocky coves and small beaches', 'The ferry crossing from Mwanza'],
      'June to October',
      'Being the biggest island in any African lake',
      ['Village walks', 'Cycling', 'Canoe trips'],
    ),
    d(
      'Gombe Stream',
      'Tanzania’s smallest national park, on the shore of Lake Tanganyika, where Jane Goodall began studying chimpanzees in 1960.',
      ['Chimpanzee families on forest trails', 'Kakombe waterfall', 'Clear Lake Tanganyika water'],
      'July to October, when chimps stay lower on the slopes',
      'The world’s longest-running chimpanzee study',
      ['Chimpanzee tracking', 'Snorkelling', 'Forest hikes'],
    ),
    d(
      'Zanzibar',
      'An archipelago in the Indian Ocean with white-sand beaches, coral reefs and Stone Town, a UNESCO World Heritage Site.',
      ['Stone Town’s carved doors and alleys', 'Nungwi and Kendwa beaches', 'Mnemba Atoll reef'],
      'June to October and December to February',
      'Spices – cloves, nutmeg and cinnamon',
      ['Snorkelling and diving', 'Spice farm tours', 'Sunset dhow cruises'],
    ),
    d(
      'Dar es Salaam',
      'Tanzania’s largest city and main port, a lively mix of Swahili, Arab and Indian influences on the coast.',
      ['Kariakoo market', 'National Museum', 'Bongoyo Island beach'],
      'June to October',
      'Its harbour and busy markets',
      ['City tours', 'Island day trips', 'Street food evenings'],
    ),
    d(
      'Bagamoyo',
      'A historic coastal town north of Dar es Salaam, once the end of the caravan route from the interior.',
      ['Kaole ruins from the 13th century', 'Old German boma', 'Art college workshops'],
      'June to October',
      'Its caravan and colonial history',
      ['Heritage walks', 'Dhow trips', 'Music and dance workshops'],
    ),
    d(
      'Mafia Island',
      'A quiet island south of Dar es Salaam whose waters are protected as the Mafia Island Marine Park.',
      ['Chole Bay coral gardens', 'Chole island ruins', 'Turtle nesting beaches'],
      'October to March; whale sharks from October to February',
      'Swimming with whale sharks',
      ['Diving', 'Whale shark trips', 'Sandbank picnics'],
    ),
    d(
      'Pangani',
      'A small Swahili town where the Pangani River meets the Indian Ocean, between Tanga and Saadani.',
      ['Maziwe Island sandbank', 'River cruises among mangroves', 'Old slave-trade buildings'],
      'June to October',
      'Empty beaches and a slow pace',
      ['River cruises', 'Snorkelling at Maziwe', 'Town heritage walks'],
    ),
    d(
      'Morogoro',
      'A town at the foot of the Uluguru Mountains, in fertile farming country west of Dar es Salaam.',
      ['Uluguru Mountains forest trails', 'Morningside waterfall', 'Busy produce markets'],
      'June to October',
      'The Uluguru Mountains and their rare birds',
      ['Hiking', 'Village visits', 'Bird watching'],
    ),
    d(
      'Mikumi',
      'A national park on the Dar es Salaam–Iringa highway whose open Mkata floodplain is often compared to the Serengeti.',
      ['Lions on the Mkata floodplain', 'Hippo pools', 'Giraffe, zebra and elephant'],
      'June to October',
      'Easy big-game viewing close to Dar es Salaam',
      ['Game drives', 'Walking safaris', 'Bird watching'],
    ),
    d(
      'Udzungwa Mountains',
      'A rainforest national park in the Eastern Arc Mountains, explored only on foot.',
      ['Sanje waterfall, 170 m high', 'Endemic red colobus monkeys', 'Misty montane forest'],
      'June to October',
      'Species found nowhere else on Earth',
      ['Forest hiking', 'Waterfall walks', 'Primate watching'],
    ),
    d(
      'Nyerere National Park',
      'Africa’s largest protected area, formerly the Selous Game Reserve, cut through by the Rufiji River.',
      ['Boat safaris on the Rufiji', 'African wild dogs', 'Lakes full of hippos and crocodiles'],
      'June to October',
      'Wild dogs and boat safaris',
      ['Boat safaris', 'Game drives', 'Walking safaris'],
    ),
    d(
      'Usambara Mountains',
      'Green highlands near Lushoto with cool air, terraced farms and views over the Maasai steppe.',
      ['Irente viewpoint', 'Old German colonial town of Lushoto', 'Endemic African violets'],
      'June to October',
      'Hiking between villages',
      ['Multi-day hikes', 'Farm visits', 'Cheese and jam tasting'],
    ),
    d(
      'Serengeti',
      'Tanzania’s most famous national park: 14,750 km² of grassland and woodland, home of the Great Migration.',
      ['The Great Migration', 'Mara River crossings', 'Big cats on the Seronera kopjes'],
      'June to October for game; January to February for the calving season',
      'The Great Migration of wildebeest and zebra',
      ['Game drives', 'Hot-air balloon safaris', 'Photography'],
    ),
    d(
      'Ngorongoro',
      'The world’s largest intact volcanic caldera, about 20 km across and 600 m deep, holding some 25,000 large animals.',
      ['Crater floor game drive', 'Black rhino', 'Olduvai Gorge nearby'],
      'June to October',
      'The crater and the Big Five in one day',
      ['Crater game drives', 'Maasai village visits', 'Crater rim walks'],
    ),
    d(
      'Kilimanjaro',
      'Africa’s highest mountain at 5,895 m and the world’s tallest free-standing mountain, climbed without ropes.',
      ['Uhuru Peak at sunrise', 'Five climate zones in one climb', 'Barranco Wall'],
      'January to March and June to October',
      'The Roof of Africa',
      ['Trekking', 'Day hikes', 'Coffee tours in Moshi'],
    ),
    d(
      'Tarangire',
      'A national park famous for its elephant herds and ancient baobab trees along the Tarangire River.',
      ['Herds of hundreds of elephants', 'Giant baobab trees', 'Silale swamp'],
      'June to October',
      'Elephants and baobabs',
      ['Game drives', 'Walking safaris', 'Night drives'],
    ),
    d(
      'Lake Manyara',
      'A compact national park beneath the Rift Valley escarpment with a soda lake and groundwater forest.',
      ['Tree-climbing lions', 'Flamingos on the lake', 'Groundwater forest'],
      'June to October for game; November to June for birds',
      'Tree-climbing lions and flamingos',
      ['Game drives', 'Canoeing', 'Bird watching'],
    ),
  ].map((x) => [x.name, x]),
);

/** The guide for a destination; an unknown name gets a generic text instead of nothing. */
export function destinationDetail(name: string): DestinationDetail {
  return (
    DETAILS[name] ?? {
      name,
      description: `${name} is one of the many places we visit in Tanzania. Ask our team for a tailor-made trip there.`,
      highlights: ['Local guides who know the area', 'Tailor-made itineraries', 'Flexible dates'],
      bestTime: 'June to October, the long dry season, suits most of Tanzania',
      famousFor: 'Tanzanian hospitality – karibu!',
      activities: ['Sightseeing', 'Cultural visits', 'Nature walks'],
    }
  );
}
