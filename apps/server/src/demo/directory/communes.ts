import type { SPEC_SPECIALTIES } from '@crm/shared';

/**
 * Reference data for the demo directory and the built-in coarse geocoder: real communes of metropolitan
 * France (INSEE code, name, postal codes, approximate centre, population), French names, streets, titles
 * and office names. Coordinates are approximate (a few hundred metres): good for demo data and for a
 * commune-level geocoding fallback, not for navigation.
 */

/** [INSEE code, name, postal codes (space-separated), latitude, longitude, population] */
type CommuneRow = readonly [string, string, string, number, number, number];

/**
 * Préfectures, sous-préfectures and every commune of more than 40,000 inhabitants; Paris, Lyon and
 * Marseille by municipal arrondissement (INSEE 751xx, 6938x, 132xx), each with its own postal code.
 */
const COMMUNE_ROWS: readonly CommuneRow[] = [
  ['01034', 'Belley', '01300', 45.759, 5.688, 9388],
  ['01053', 'Bourg-en-Bresse', '01000', 46.205, 5.225, 42372],
  ['01173', 'Gex', '01170', 46.333, 6.058, 13627],
  ['01269', 'Nantua', '01130 01460', 46.153, 5.609, 3416],
  ['02168', 'Château-Thierry', '02400', 49.046, 3.403, 15097],
  ['02408', 'Laon', '02000', 49.564, 3.62, 24220],
  ['02691', 'Saint-Quentin', '02100', 49.847, 3.287, 52813],
  ['02722', 'Soissons', '02200', 49.381, 3.323, 28046],
  ['02789', 'Vervins', '02140', 49.835, 3.907, 2549],
  ['03185', 'Montluçon', '03100', 46.34, 2.603, 33147],
  ['03190', 'Moulins', '03000', 46.565, 3.333, 19206],
  ['03310', 'Vichy', '03200', 46.127, 3.426, 25115],
  ['04019', 'Barcelonnette', '04400', 44.387, 6.652, 2518],
  ['04039', 'Castellane', '04120', 43.847, 6.513, 1472],
  ['04070', 'Digne-les-Bains', '04000', 44.092, 6.236, 17979],
  ['04088', 'Forcalquier', '04300', 43.96, 5.78, 5222],
  ['05023', 'Briançon', '05100', 44.897, 6.636, 11411],
  ['05061', 'Gap', '05000', 44.559, 6.079, 41293],
  ['06004', 'Antibes', '06160 06600', 43.58, 7.125, 77637],
  ['06027', 'Cagnes-sur-Mer', '06800', 43.664, 7.149, 53354],
  ['06029', 'Cannes', '06150 06400', 43.552, 7.017, 74350],
  ['06030', 'Le Cannet', '06110', 43.577, 7.019, 41938],
  ['06069', 'Grasse', '06130 06520', 43.658, 6.923, 50970],
  ['06088', 'Nice', '06000 06100 06200 06300', 43.703, 7.266, 357737],
  ['07132', 'Largentière', '07110', 44.543, 4.294, 1450],
  ['07186', 'Privas', '07000', 44.735, 4.599, 8538],
  ['07324', 'Tournon-sur-Rhône', '07300', 45.067, 4.833, 11279],
  ['08105', 'Charleville-Mézières', '08000', 49.762, 4.726, 45560],
  ['08362', 'Rethel', '08300', 49.51, 4.367, 7444],
  ['08409', 'Sedan', '08200', 49.702, 4.94, 16667],
  ['08490', 'Vouziers', '08400', 49.398, 4.701, 3825],
  ['09122', 'Foix', '09000', 42.965, 1.607, 9934],
  ['09225', 'Pamiers', '09100', 43.116, 1.611, 16473],
  ['09261', 'Saint-Girons', '09200', 42.985, 1.146, 6008],
  ['10033', 'Bar-sur-Aube', '10200', 48.233, 4.706, 4665],
  ['10268', 'Nogent-sur-Seine', '10400', 48.494, 3.503, 5537],
  ['10387', 'Troyes', '10000', 48.297, 4.074, 62088],
  ['11069', 'Carcassonne', '11000', 43.213, 2.351, 46080],
  ['11206', 'Limoux', '11300', 43.054, 2.218, 10532],
  ['11262', 'Narbonne', '11100', 43.184, 3.004, 57587],
  ['12145', 'Millau', '12100', 44.098, 3.078, 22044],
  ['12202', 'Rodez', '12000', 44.35, 2.575, 23981],
  ['12300', 'Villefranche-de-Rouergue', '12200', 44.352, 2.035, 11271],
  ['13001', 'Aix-en-Provence', '13080 13090 13100 13290 13540', 43.529, 5.447, 149695],
  ['13004', 'Arles', '13104 13123 13129 13200 13280', 43.677, 4.631, 51811],
  ['13005', 'Aubagne', '13400', 43.293, 5.571, 47529],
  ['13047', 'Istres', '13118 13800', 43.514, 4.989, 44292],
  ['13056', 'Martigues', '13117 13500', 43.405, 5.048, 48298],
  ['13103', 'Salon-de-Provence', '13300', 43.64, 5.097, 44194],
  ['13201', 'Marseille', '13001', 43.3, 5.384, 37599],
  ['13202', 'Marseille', '13002', 43.312, 5.365, 24378],
  ['13203', 'Marseille', '13003', 43.312, 5.38, 58029],
  ['13204', 'Marseille', '13004', 43.306, 5.4, 49363],
  ['13205', 'Marseille', '13005', 43.293, 5.398, 45702],
  ['13206', 'Marseille', '13006', 43.287, 5.38, 38476],
  ['13207', 'Marseille', '13007', 43.282, 5.362, 35173],
  ['13208', 'Marseille', '13008', 43.241, 5.375, 84683],
  ['13209', 'Marseille', '13009', 43.234, 5.45, 77406],
  ['13210', 'Marseille', '13010', 43.276, 5.426, 60317],
  ['13211', 'Marseille', '13011', 43.288, 5.484, 59883],
  ['13212', 'Marseille', '13012', 43.307, 5.441, 64399],
  ['13213', 'Marseille', '13013', 43.349, 5.433, 95112],
  ['13214', 'Marseille', '13014', 43.345, 5.393, 60505],
  ['13215', 'Marseille', '13015', 43.359, 5.363, 79161],
  ['13216', 'Marseille', '13016', 43.364, 5.313, 15854],
  ['14047', 'Bayeux', '14400', 49.277, -0.703, 12659],
  ['14118', 'Caen', '14000', 49.183, -0.37, 109400],
  ['14366', 'Lisieux', '14100', 49.146, 0.226, 19645],
  ['14762', 'Vire Normandie', '14500', 48.838, -0.889, 17457],
  ['15014', 'Aurillac', '15000', 44.926, 2.44, 26214],
  ['15120', 'Mauriac', '15200', 45.218, 2.333, 3449],
  ['15187', 'Saint-Flour', '15100', 45.034, 3.093, 6391],
  ['16015', 'Angoulême', '16000', 45.648, 0.156, 41908],
  ['16102', 'Cognac', '16100', 45.696, -0.329, 18532],
  ['16106', 'Confolens', '16500', 46.013, 0.672, 2730],
  ['17197', 'Jonzac', '17500', 45.446, -0.434, 3602],
  ['17299', 'Rochefort', '17300', 45.942, -0.959, 23460],
  ['17300', 'La Rochelle', '17000', 46.16, -1.151, 79851],
  ['17347', "Saint-Jean-d'Angély", '17400', 45.946, -0.521, 6784],
  ['17415', 'Saintes', '17100', 45.746, -0.633, 25363],
  ['18033', 'Bourges', '18000', 47.081, 2.399, 64186],
  ['18197', 'Saint-Amand-Montrond', '18200', 46.723, 2.505, 9899],
  ['18279', 'Vierzon', '18100', 47.222, 2.069, 25068],
  ['19031', 'Brive-la-Gaillarde', '19100', 45.159, 1.533, 47095],
  ['19272', 'Tulle', '19000', 45.267, 1.772, 13401],
  ['19275', 'Ussel', '19200', 45.548, 2.31, 9187],
  ['21054', 'Beaune', '21200', 47.025, 4.84, 20352],
  ['21231', 'Dijon', '21000', 47.322, 5.041, 161830],
  ['21425', 'Montbard', '21500', 47.623, 4.338, 4639],
  ['22050', 'Dinan', '22100', 48.455, -2.05, 14764],
  ['22070', 'Guingamp', '22200', 48.562, -3.15, 7111],
  ['22113', 'Lannion', '22300', 48.732, -3.459, 20315],
  ['22278', 'Saint-Brieuc', '22000', 48.514, -2.765, 44364],
  ['23008', 'Aubusson', '23200', 45.956, 2.168, 3018],
  ['23096', 'Guéret', '23000', 46.171, 1.871, 12955],
  ['24037', 'Bergerac', '24100', 44.853, 0.483, 27110],
  ['24311', 'Nontron', '24300', 45.529, 0.662, 3057],
  ['24322', 'Périgueux', '24000', 45.184, 0.721, 29055],
  ['24520', 'Sarlat-la-Canéda', '24200', 44.89, 1.217, 8763],
  ['25056', 'Besançon', '25000', 47.238, 6.024, 118489],
  ['25388', 'Montbéliard', '25200', 47.51, 6.798, 24672],
  ['25462', 'Pontarlier', '25300', 46.904, 6.354, 18067],
  ['26113', 'Die', '26150', 44.754, 5.37, 4844],
  ['26198', 'Montélimar', '26200', 44.558, 4.751, 40595],
  ['26220', 'Nyons', '26110', 44.361, 5.14, 6816],
  ['26362', 'Valence', '26000', 44.933, 4.892, 64458],
  ['27016', 'Les Andelys', '27700', 49.246, 1.412, 7706],
  ['27056', 'Bernay', '27300', 49.089, 0.598, 9765],
  ['27229', 'Évreux', '27000', 49.027, 1.151, 49360],
  ['28085', 'Chartres', '28000', 48.446, 1.489, 38324],
  ['28088', 'Châteaudun', '28200', 48.071, 1.338, 12830],
  ['28134', 'Dreux', '28100', 48.737, 1.366, 31543],
  ['28280', 'Nogent-le-Rotrou', '28400', 48.321, 0.822, 9292],
  ['29019', 'Brest', '29200', 48.39, -4.486, 142346],
  ['29026', 'Châteaulin', '29150', 48.197, -4.09, 5085],
  ['29151', 'Morlaix', '29600', 48.578, -3.828, 15194],
  ['29232', 'Quimper', '29000', 47.996, -4.102, 64385],
  ['2A004', 'Ajaccio', '20000 20090 20167', 41.919, 8.738, 76320],
  ['2A272', 'Sartène', '20100', 41.622, 8.975, 3742],
  ['2B033', 'Bastia', '20200 20600', 42.697, 9.451, 46867],
  ['2B050', 'Calvi', '20260', 42.567, 8.757, 5788],
  ['2B096', 'Corte', '20250', 42.306, 9.15, 7819],
  ['30007', 'Alès', '30100', 44.125, 4.081, 46125],
  ['30189', 'Nîmes', '30000 30900', 43.837, 4.36, 151839],
  ['30350', 'Le Vigan', '30120', 43.991, 3.606, 3863],
  ['31149', 'Colomiers', '31770', 43.611, 1.335, 40882],
  ['31395', 'Muret', '31600', 43.461, 1.327, 26079],
  ['31483', 'Saint-Gaudens', '31800', 43.108, 0.723, 12139],
  ['31555', 'Toulouse', '31000 31100 31200 31300 31400 31500', 43.604, 1.444, 514819],
  ['32013', 'Auch', '32000', 43.646, 0.586, 22428],
  ['32107', 'Condom', '32100', 43.958, 0.373, 6473],
  ['32256', 'Mirande', '32300', 43.515, 0.404, 3457],
  ['33009', 'Arcachon', '33120', 44.658, -1.168, 11092],
  ['33058', 'Blaye', '33390', 45.128, -0.662, 5066],
  ['33063', 'Bordeaux', '33000 33100 33200 33300 33800', 44.838, -0.579, 267991],
  ['33227', 'Langon', '33210', 44.553, -0.249, 7674],
  ['33240', 'Lesparre-Médoc', '33340', 45.307, -0.938, 5872],
  ['33243', 'Libourne', '33500', 44.915, -0.244, 25036],
  ['33281', 'Mérignac', '33700', 44.842, -0.646, 78090],
  ['33318', 'Pessac', '33600', 44.806, -0.631, 67339],
  ['33522', 'Talence', '33400', 44.808, -0.589, 46338],
  ['33550', "Villenave-d'Ornon", '33140', 44.781, -0.566, 42545],
  ['34032', 'Béziers', '34500', 43.344, 3.216, 81545],
  ['34142', 'Lodève', '34700', 43.731, 3.319, 7251],
  ['34172', 'Montpellier', '34000 34070 34080 34090', 43.611, 3.877, 310240],
  ['34301', 'Sète', '34200', 43.403, 3.697, 45337],
  ['35115', 'Fougères', '35300', 48.352, -1.199, 20307],
  ['35236', 'Redon', '35600', 47.652, -2.084, 9542],
  ['35238', 'Rennes', '35000 35200 35700', 48.117, -1.678, 230890],
  ['35288', 'Saint-Malo', '35400', 48.649, -2.026, 47439],
  ['36018', 'Le Blanc', '36300', 46.633, 1.063, 6164],
  ['36044', 'Châteauroux', '36000', 46.811, 1.691, 42963],
  ['36046', 'La Châtre', '36400', 46.582, 1.988, 4037],
  ['36088', 'Issoudun', '36100', 46.949, 1.993, 11159],
  ['37072', 'Chinon', '37500', 47.167, 0.242, 8144],
  ['37132', 'Loches', '37600', 47.128, 0.995, 6234],
  ['37261', 'Tours', '37000 37100 37200', 47.394, 0.685, 139259],
  ['38185', 'Grenoble', '38000 38100', 45.188, 5.724, 156140],
  ['38509', 'La Tour-du-Pin', '38110', 45.566, 5.445, 8111],
  ['38544', 'Vienne', '38200', 45.525, 4.874, 31778],
  ['39198', 'Dole', '39100', 47.092, 5.49, 23840],
  ['39300', 'Lons-le-Saunier', '39000', 46.675, 5.555, 16618],
  ['39478', 'Saint-Claude', '39200', 46.387, 5.864, 8386],
  ['40088', 'Dax', '40100', 43.71, -1.054, 22109],
  ['40192', 'Mont-de-Marsan', '40000', 43.89, -0.5, 31592],
  ['41018', 'Blois', '41000', 47.586, 1.335, 47219],
  ['41194', 'Romorantin-Lanthenay', '41200', 47.359, 1.741, 18373],
  ['41269', 'Vendôme', '41100', 47.793, 1.066, 15758],
  ['42147', 'Montbrison', '42600', 45.608, 4.065, 16123],
  ['42187', 'Roanne', '42300', 46.036, 4.068, 35409],
  ['42218', 'Saint-Étienne', '42000 42100 42230', 45.44, 4.387, 173136],
  ['43040', 'Brioude', '43100', 45.294, 3.384, 6527],
  ['43157', 'Le Puy-en-Velay', '43000', 45.043, 3.885, 18540],
  ['43268', 'Yssingeaux', '43200', 45.143, 4.124, 7415],
  ['44036', 'Châteaubriant', '44110', 47.717, -1.376, 12260],
  ['44109', 'Nantes', '44000 44100 44200 44300', 47.218, -1.554, 327734],
  ['44143', 'Rezé', '44400', 47.19, -1.55, 43556],
  ['44162', 'Saint-Herblain', '44800', 47.212, -1.65, 50973],
  ['44184', 'Saint-Nazaire', '44600', 47.273, -2.214, 74568],
  ['45208', 'Montargis', '45200', 47.998, 2.733, 14825],
  ['45234', 'Orléans', '45000 45100', 47.903, 1.909, 116357],
  ['45252', 'Pithiviers', '45300', 48.172, 2.252, 8856],
  ['46042', 'Cahors', '46000', 44.448, 1.441, 20050],
  ['46102', 'Figeac', '46100', 44.609, 2.032, 9793],
  ['46127', 'Gourdon', '46300', 44.737, 1.383, 4206],
  ['47001', 'Agen', '47000', 44.203, 0.616, 32801],
  ['47157', 'Marmande', '47200', 44.5, 0.165, 17328],
  ['47195', 'Nérac', '47600', 44.136, 0.339, 6992],
  ['47323', 'Villeneuve-sur-Lot', '47300', 44.408, 0.705, 22350],
  ['48061', 'Florac Trois Rivières', '48400', 44.324, 3.594, 2100],
  ['48095', 'Mende', '48000', 44.518, 3.5, 12464],
  ['49007', 'Angers', '49000 49100', 47.474, -0.552, 159022],
  ['49099', 'Cholet', '49300', 47.06, -0.879, 54404],
  ['49328', 'Saumur', '49400', 47.26, -0.077, 26241],
  ['49331', 'Segré-en-Anjou Bleu', '49500 49520', 47.686, -0.872, 17667],
  ['50025', 'Avranches', '50300', 48.684, -1.357, 10143],
  ['50129', 'Cherbourg-en-Cotentin', '50100 50110 50120 50130 50460 50470', 49.639, -1.616, 78258],
  ['50147', 'Coutances', '50200', 49.048, -1.445, 8321],
  ['50502', 'Saint-Lô', '50000', 49.116, -1.091, 19471],
  ['51108', 'Châlons-en-Champagne', '51000', 48.957, 4.363, 42971],
  ['51230', 'Épernay', '51200', 49.04, 3.959, 22174],
  ['51454', 'Reims', '51100', 49.258, 4.032, 177674],
  ['51649', 'Vitry-le-François', '51300', 48.725, 4.585, 10996],
  ['52121', 'Chaumont', '52000', 48.111, 5.139, 20827],
  ['52269', 'Langres', '52200', 47.862, 5.333, 7421],
  ['52448', 'Saint-Dizier', '52100', 48.638, 4.949, 22858],
  ['53062', 'Château-Gontier-sur-Mayenne', '53200', 47.829, -0.703, 16584],
  ['53130', 'Laval', '53000', 48.073, -0.77, 49400],
  ['53147', 'Mayenne', '53100', 48.303, -0.614, 12883],
  ['54099', 'Val de Briey', '54150 54790', 49.249, 5.94, 8130],
  ['54329', 'Lunéville', '54300', 48.589, 6.496, 18262],
  ['54395', 'Nancy', '54000 54100', 48.692, 6.184, 103671],
  ['54528', 'Toul', '54200', 48.675, 5.891, 15768],
  ['55029', 'Bar-le-Duc', '55000', 48.773, 5.16, 14607],
  ['55122', 'Commercy', '55200', 48.763, 5.592, 5350],
  ['55545', 'Verdun', '55100', 49.16, 5.384, 16890],
  ['56121', 'Lorient', '56100', 47.748, -3.37, 58329],
  ['56178', 'Pontivy', '56300', 48.068, -2.963, 14640],
  ['56260', 'Vannes', '56000', 47.658, -2.76, 55790],
  ['57227', 'Forbach', '57600', 49.188, 6.896, 20493],
  ['57463', 'Metz', '57000 57050 57070', 49.12, 6.176, 122572],
  ['57630', 'Sarrebourg', '57400', 48.735, 7.054, 12170],
  ['57631', 'Sarreguemines', '57200', 49.11, 7.068, 20143],
  ['57672', 'Thionville', '57100', 49.358, 6.168, 42658],
  ['58062', 'Château-Chinon (Ville)', '58120', 47.064, 3.934, 1770],
  ['58079', 'Clamecy', '58500', 47.46, 3.52, 3544],
  ['58086', 'Cosne-Cours-sur-Loire', '58200', 47.411, 2.925, 9733],
  ['58194', 'Nevers', '58000', 46.99, 3.159, 33085],
  ['59009', "Villeneuve-d'Ascq", '59491 59493 59650', 50.623, 3.145, 62868],
  ['59036', 'Avesnes-sur-Helpe', '59440', 50.123, 3.928, 4012],
  ['59122', 'Cambrai', '59400', 50.176, 3.235, 31134],
  ['59178', 'Douai', '59500', 50.37, 3.08, 40250],
  ['59183', 'Dunkerque', '59140 59240 59279 59430 59640', 51.034, 2.377, 86263],
  ['59350', 'Lille', '59000 59160 59260 59777 59800', 50.629, 3.057, 238246],
  ['59378', 'Marcq-en-Barœul', '59700', 50.671, 3.097, 40184],
  ['59512', 'Roubaix', '59100', 50.69, 3.181, 98286],
  ['59599', 'Tourcoing', '59200', 50.724, 3.161, 98772],
  ['59606', 'Valenciennes', '59300', 50.358, 3.523, 43468],
  ['59650', 'Wattrelos', '59150', 50.701, 3.217, 40847],
  ['60057', 'Beauvais', '60000', 49.43, 2.081, 55550],
  ['60157', 'Clermont', '60600', 49.379, 2.413, 10564],
  ['60159', 'Compiègne', '60200', 49.418, 2.826, 40761],
  ['60612', 'Senlis', '60300', 49.207, 2.586, 15157],
  ['61001', 'Alençon', '61000', 48.432, 0.091, 25490],
  ['61006', 'Argentan', '61200', 48.744, -0.02, 13527],
  ['61293', 'Mortagne-au-Perche', '61400', 48.52, 0.547, 3898],
  ['62041', 'Arras', '62000', 50.291, 2.777, 42875],
  ['62119', 'Béthune', '62400', 50.53, 2.64, 25224],
  ['62160', 'Boulogne-sur-Mer', '62200', 50.726, 1.614, 40539],
  ['62193', 'Calais', '62100', 50.951, 1.858, 67571],
  ['62498', 'Lens', '62300', 50.432, 2.833, 32920],
  ['62588', 'Montreuil-sur-Mer', '62170', 50.464, 1.764, 1912],
  ['62765', 'Saint-Omer', '62500', 50.75, 2.252, 14382],
  ['63003', 'Ambert', '63600', 45.55, 3.742, 6517],
  ['63113', 'Clermont-Ferrand', '63000 63100', 45.778, 3.087, 146351],
  ['63178', 'Issoire', '63500', 45.544, 3.249, 15115],
  ['63300', 'Riom', '63200', 45.894, 3.113, 18820],
  ['63430', 'Thiers', '63300', 45.856, 3.548, 11637],
  ['64024', 'Anglet', '64600', 43.485, -1.516, 43271],
  ['64102', 'Bayonne', '64100', 43.493, -1.475, 54306],
  ['64422', 'Oloron-Sainte-Marie', '64400', 43.194, -0.607, 10684],
  ['64445', 'Pau', '64000', 43.296, -0.37, 80441],
  ['65025', 'Argelès-Gazost', '65400', 43.003, -0.099, 2761],
  ['65059', 'Bagnères-de-Bigorre', '65200 65710', 43.065, 0.149, 7114],
  ['65440', 'Tarbes', '65000', 43.233, 0.078, 44399],
  ['66049', 'Céret', '66400', 42.485, 2.748, 7521],
  ['66136', 'Perpignan', '66000 66100', 42.699, 2.895, 121616],
  ['66149', 'Prades', '66500', 42.617, 2.422, 6148],
  ['67180', 'Haguenau', '67500', 48.816, 7.79, 36391],
  ['67300', 'Molsheim', '67120', 48.542, 7.492, 9318],
  ['67437', 'Saverne', '67700', 48.741, 7.362, 11460],
  ['67462', 'Sélestat', '67600', 48.259, 7.454, 19589],
  ['67482', 'Strasbourg', '67000 67100 67200', 48.573, 7.752, 293771],
  ['68004', 'Altkirch', '68130', 47.624, 7.24, 5687],
  ['68066', 'Colmar', '68000', 48.079, 7.358, 66970],
  ['68224', 'Mulhouse', '68100 68200', 47.75, 7.336, 104978],
  ['68334', 'Thann', '68800', 47.808, 7.103, 7762],
  ['69029', 'Bron', '69500', 45.734, 4.912, 42982],
  ['69034', 'Caluire-et-Cuire', '69300', 45.797, 4.846, 43597],
  ['69256', 'Vaulx-en-Velin', '69120', 45.778, 4.921, 53069],
  ['69259', 'Vénissieux', '69200', 45.697, 4.887, 65502],
  ['69264', 'Villefranche-sur-Saône', '69400', 45.989, 4.719, 36172],
  ['69266', 'Villeurbanne', '69100', 45.767, 4.88, 163684],
  ['69290', 'Saint-Priest', '69800', 45.696, 4.944, 49229],
  ['69381', 'Lyon', '69001', 45.767, 4.83, 28717],
  ['69382', 'Lyon', '69002', 45.75, 4.826, 29981],
  ['69383', 'Lyon', '69003', 45.759, 4.851, 100679],
  ['69384', 'Lyon', '69004', 45.779, 4.826, 34752],
  ['69385', 'Lyon', '69005', 45.756, 4.803, 47777],
  ['69386', 'Lyon', '69006', 45.773, 4.852, 49385],
  ['69387', 'Lyon', '69007', 45.733, 4.838, 88326],
  ['69388', 'Lyon', '69008', 45.736, 4.869, 85943],
  ['69389', 'Lyon', '69009', 45.775, 4.805, 53567],
  ['70310', 'Lure', '70200', 47.684, 6.497, 7877],
  ['70550', 'Vesoul', '70000', 47.622, 6.155, 15078],
  ['71014', 'Autun', '71400', 46.951, 4.299, 13172],
  ['71076', 'Chalon-sur-Saône', '71100', 46.781, 4.854, 45102],
  ['71106', 'Charolles', '71120', 46.435, 4.276, 2772],
  ['71263', 'Louhans-Châteaurenaud', '71500', 46.627, 5.225, 6446],
  ['71270', 'Mâcon', '71000', 46.307, 4.829, 35177],
  ['72154', 'La Flèche', '72200', 47.699, -0.076, 14947],
  ['72180', 'Mamers', '72600', 48.35, 0.37, 4996],
  ['72181', 'Le Mans', '72000 72100', 48.006, 0.199, 146249],
  ['73011', 'Albertville', '73200', 45.676, 6.392, 19978],
  ['73065', 'Chambéry', '73000', 45.564, 5.918, 59964],
  ['73248', 'Saint-Jean-de-Maurienne', '73300', 45.276, 6.345, 7524],
  ['74010', 'Annecy', '74000 74370 74600 74940 74960', 45.899, 6.129, 132117],
  ['74042', 'Bonneville', '74130', 46.078, 6.401, 13335],
  ['74243', 'Saint-Julien-en-Genevois', '74160', 46.144, 6.082, 16222],
  ['74281', 'Thonon-les-Bains', '74200', 46.371, 6.479, 37928],
  ['75101', 'Paris', '75001', 48.862, 2.336, 15114],
  ['75102', 'Paris', '75002', 48.868, 2.343, 19847],
  ['75103', 'Paris', '75003', 48.863, 2.36, 32179],
  ['75104', 'Paris', '75004', 48.854, 2.358, 27332],
  ['75105', 'Paris', '75005', 48.845, 2.35, 55252],
  ['75106', 'Paris', '75006', 48.849, 2.333, 40389],
  ['75107', 'Paris', '75007', 48.856, 2.312, 48015],
  ['75108', 'Paris', '75008', 48.873, 2.313, 35317],
  ['75109', 'Paris', '75009', 48.877, 2.338, 57271],
  ['75110', 'Paris', '75010', 48.876, 2.361, 83873],
  ['75111', 'Paris', '75011', 48.859, 2.38, 138170],
  ['75112', 'Paris', '75012', 48.84, 2.388, 138024],
  ['75113', 'Paris', '75013', 48.828, 2.362, 181271],
  ['75114', 'Paris', '75014', 48.829, 2.327, 136455],
  ['75115', 'Paris', '75015', 48.84, 2.293, 229713],
  ['75116', 'Paris', '75016 75116', 48.86, 2.274, 159386],
  ['75117', 'Paris', '75017', 48.887, 2.307, 159212],
  ['75118', 'Paris', '75018', 48.892, 2.348, 183127],
  ['75119', 'Paris', '75019', 48.887, 2.385, 178691],
  ['75120', 'Paris', '75020', 48.863, 2.401, 185140],
  ['76217', 'Dieppe', '76200 76370', 49.923, 1.078, 28496],
  ['76351', 'Le Havre', '76600 76610 76620', 49.494, 0.108, 166687],
  ['76540', 'Rouen', '76000 76100', 49.443, 1.1, 117662],
  ['77108', 'Chelles', '77500', 48.879, 2.591, 54620],
  ['77186', 'Fontainebleau', '77300', 48.405, 2.702, 15583],
  ['77284', 'Meaux', '77100', 48.96, 2.879, 56905],
  ['77288', 'Melun', '77000', 48.54, 2.66, 45995],
  ['77379', 'Provins', '77160', 48.56, 3.299, 11632],
  ['77468', 'Torcy', '77200', 48.85, 2.651, 22810],
  ['78361', 'Mantes-la-Jolie', '78200', 48.991, 1.717, 43526],
  ['78498', 'Poissy', '78300', 48.929, 2.046, 40983],
  ['78517', 'Rambouillet', '78120', 48.644, 1.83, 27724],
  ['78551', 'Saint-Germain-en-Laye', '78100 78112', 48.898, 2.093, 45931],
  ['78586', 'Sartrouville', '78500', 48.938, 2.158, 52763],
  ['78646', 'Versailles', '78000', 48.804, 2.135, 84095],
  ['79049', 'Bressuire', '79300', 46.841, -0.488, 19970],
  ['79191', 'Niort', '79000', 46.323, -0.464, 59854],
  ['79202', 'Parthenay', '79200', 46.649, -0.247, 10140],
  ['80001', 'Abbeville', '80100', 50.106, 1.834, 22395],
  ['80021', 'Amiens', '80000 80080 80090', 49.894, 2.296, 136449],
  ['80561', 'Montdidier', '80500', 49.648, 2.57, 5935],
  ['80620', 'Péronne', '80200', 49.932, 2.936, 7090],
  ['81004', 'Albi', '81000', 43.929, 2.148, 51290],
  ['81065', 'Castres', '81100', 43.606, 2.241, 42505],
  ['82033', 'Castelsarrasin', '82100', 44.04, 1.107, 14343],
  ['82121', 'Montauban', '82000', 44.018, 1.355, 62945],
  ['83023', 'Brignoles', '83170', 43.406, 6.061, 17850],
  ['83050', 'Draguignan', '83300', 43.537, 6.465, 40826],
  ['83061', 'Fréjus', '83370 83600', 43.433, 6.737, 59719],
  ['83069', 'Hyères', '83400', 43.12, 6.129, 55858],
  ['83126', 'La Seyne-sur-Mer', '83500', 43.101, 5.878, 63732],
  ['83137', 'Toulon', '83000 83100 83200', 43.124, 5.928, 179116],
  ['84003', 'Apt', '84400', 43.876, 5.396, 10143],
  ['84007', 'Avignon', '84000 84140', 43.949, 4.806, 92188],
  ['84031', 'Carpentras', '84200', 44.055, 5.048, 31619],
  ['85092', 'Fontenay-le-Comte', '85200', 46.466, -0.806, 14059],
  ['85191', 'La Roche-sur-Yon', '85000', 46.67, -1.426, 54849],
  ['85194', "Les Sables-d'Olonne", '85100 85180 85340', 46.497, -1.783, 49603],
  ['86066', 'Châtellerault', '86100', 46.817, 0.546, 31003],
  ['86165', 'Montmorillon', '86500', 46.426, 0.871, 5821],
  ['86194', 'Poitiers', '86000', 46.58, 0.34, 89916],
  ['87011', 'Bellac', '87300', 46.122, 1.049, 3537],
  ['87085', 'Limoges', '87000 87100 87280', 45.834, 1.261, 129937],
  ['87126', 'Rochechouart', '87600', 45.822, 0.821, 3603],
  ['88160', 'Épinal', '88000', 48.173, 6.45, 32251],
  ['88321', 'Neufchâteau', '88300', 48.356, 5.696, 6732],
  ['88413', 'Saint-Dié-des-Vosges', '88100', 48.284, 6.949, 19251],
  ['89024', 'Auxerre', '89000 89290', 47.798, 3.567, 35097],
  ['89025', 'Avallon', '89200', 47.49, 3.908, 6305],
  ['89387', 'Sens', '89100', 48.197, 3.283, 27106],
  ['90010', 'Belfort', '90000', 47.638, 6.863, 45912],
  ['91174', 'Corbeil-Essonnes', '91100', 48.61, 2.482, 54471],
  ['91223', 'Étampes', '91150', 48.435, 2.162, 26857],
  ['91228', 'Évry-Courcouronnes', '91000 91080', 48.629, 2.441, 66919],
  ['91377', 'Massy', '91300', 48.731, 2.271, 51729],
  ['91477', 'Palaiseau', '91120', 48.715, 2.246, 37471],
  ['92002', 'Antony', '92160', 48.754, 2.298, 64263],
  ['92004', 'Asnières-sur-Seine', '92600', 48.914, 2.285, 93941],
  ['92007', 'Bagneux', '92220', 48.796, 2.308, 44572],
  ['92012', 'Boulogne-Billancourt', '92100', 48.836, 2.24, 119019],
  ['92023', 'Clamart', '92140', 48.8, 2.264, 58576],
  ['92024', 'Clichy', '92110', 48.904, 2.306, 64410],
  ['92025', 'Colombes', '92700', 48.923, 2.253, 91053],
  ['92026', 'Courbevoie', '92400', 48.897, 2.253, 82902],
  ['92036', 'Gennevilliers', '92230', 48.933, 2.293, 50979],
  ['92040', 'Issy-les-Moulineaux', '92130', 48.824, 2.27, 67669],
  ['92044', 'Levallois-Perret', '92300', 48.895, 2.287, 68092],
  ['92048', 'Meudon', '92190 92360', 48.813, 2.238, 46334],
  ['92049', 'Montrouge', '92120', 48.816, 2.316, 46324],
  ['92050', 'Nanterre', '92000', 48.892, 2.207, 97783],
  ['92051', 'Neuilly-sur-Seine', '92200', 48.885, 2.268, 59538],
  ['92062', 'Puteaux', '92800', 48.884, 2.239, 44002],
  ['92063', 'Rueil-Malmaison', '92500', 48.877, 2.18, 82874],
  ['92073', 'Suresnes', '92150', 48.871, 2.225, 48956],
  ['93001', 'Aubervilliers', '93300', 48.914, 2.383, 88365],
  ['93005', 'Aulnay-sous-Bois', '93600', 48.938, 2.497, 87599],
  ['93006', 'Bagnolet', '93170', 48.869, 2.418, 43086],
  ['93007', 'Le Blanc-Mesnil', '93150', 48.939, 2.461, 62376],
  ['93008', 'Bobigny', '93000', 48.909, 2.44, 56927],
  ['93010', 'Bondy', '93140', 48.902, 2.483, 50595],
  ['93027', 'La Courneuve', '93120', 48.928, 2.396, 47167],
  ['93029', 'Drancy', '93700', 48.923, 2.445, 72390],
  ['93031', 'Épinay-sur-Seine', '93800', 48.955, 2.309, 52833],
  ['93032', 'Gagny', '93220', 48.883, 2.534, 42313],
  ['93046', 'Livry-Gargan', '93190', 48.92, 2.536, 47228],
  ['93048', 'Montreuil', '93100', 48.861, 2.443, 111934],
  ['93051', 'Noisy-le-Grand', '93160', 48.848, 2.553, 72978],
  ['93053', 'Noisy-le-Sec', '93130', 48.891, 2.46, 45510],
  ['93055', 'Pantin', '93500', 48.894, 2.409, 61929],
  ['93062', 'Le Raincy', '93340', 48.899, 2.519, 14735],
  ['93064', 'Rosny-sous-Bois', '93110', 48.875, 2.486, 47180],
  ['93066', 'Saint-Denis', '93200 93210 93380', 48.936, 2.358, 149077],
  ['93070', 'Saint-Ouen-sur-Seine', '93400', 48.912, 2.334, 53615],
  ['93071', 'Sevran', '93270', 48.939, 2.527, 52535],
  ['93072', 'Stains', '93240', 48.95, 2.381, 41388],
  ['93078', 'Villepinte', '93420', 48.962, 2.533, 41470],
  ['94002', 'Alfortville', '94140', 48.805, 2.419, 45531],
  ['94017', 'Champigny-sur-Marne', '94500', 48.817, 2.516, 78072],
  ['94022', 'Choisy-le-Roi', '94600', 48.763, 2.409, 45946],
  ['94028', 'Créteil', '94000', 48.79, 2.455, 93397],
  ['94033', 'Fontenay-sous-Bois', '94120', 48.851, 2.477, 53757],
  ['94038', "L'Haÿ-les-Roses", '94240', 48.78, 2.338, 31188],
  ['94041', 'Ivry-sur-Seine', '94200', 48.813, 2.385, 65064],
  ['94046', 'Maisons-Alfort', '94700', 48.806, 2.438, 56799],
  ['94052', 'Nogent-sur-Marne', '94130', 48.837, 2.483, 32455],
  ['94068', 'Saint-Maur-des-Fossés', '94100 94210', 48.799, 2.499, 76572],
  ['94076', 'Villejuif', '94800', 48.792, 2.364, 60183],
  ['94080', 'Vincennes', '94300', 48.848, 2.439, 48193],
  ['94081', 'Vitry-sur-Seine', '94400', 48.787, 2.392, 93963],
  ['95018', 'Argenteuil', '95100', 48.948, 2.248, 106130],
  ['95127', 'Cergy', '95000 95800', 49.036, 2.076, 70906],
  ['95268', 'Garges-lès-Gonesse', '95140', 48.973, 2.4, 41791],
  ['95500', 'Pontoise', '95000 95300', 49.051, 2.101, 31970],
  ['95585', 'Sarcelles', '95200', 48.997, 2.381, 59173],
];

export type Commune = {
  insee: string;
  /** The commune's name, as written in an address ('Paris' for every arrondissement of Paris). */
  name: string;
  /** 'Paris 11e', 'Lyon 1er' for a municipal arrondissement; otherwise the name. */
  label: string;
  postalCodes: readonly string[];
  /** Département code: '01'…'95', '2A', '2B'. */
  department: string;
  latitude: number;
  longitude: number;
  population: number;
};

const ARRONDISSEMENT_PREFIXES: Record<string, string> = { '751': 'Paris', '6938': 'Lyon', '132': 'Marseille' };

function labelOf(insee: string, name: string): string {
  for (const [prefix, city] of Object.entries(ARRONDISSEMENT_PREFIXES)) {
    if (insee.startsWith(prefix) && name === city) {
      const number = Number(insee.slice(prefix === '6938' ? 4 : 3));
      return `${city} ${number}${number === 1 ? 'er' : 'e'}`;
    }
  }
  return name;
}

export const COMMUNES: readonly Commune[] = COMMUNE_ROWS.map(
  ([insee, name, postalCodes, latitude, longitude, population]) => ({
    insee,
    name,
    label: labelOf(insee, name),
    postalCodes: postalCodes.split(' '),
    department: insee.slice(0, 2),
    latitude,
    longitude,
    population,
  }),
);

export type UgaZone = { code: string; name: string };

/**
 * The zone of each commune in the sample UGA file (scripts/build-uga-sample.ts draws one zone around each
 * commune): code = département + rank of the commune in it by INSEE code ('7511' for Paris 11e), name = the commune's label.
 * Rebuild the sample file after changing the table above, or the demo offices' zones drift from the file's.
 */
export const UGA_ZONE_BY_INSEE: ReadonlyMap<string, UgaZone> = (() => {
  const zones = new Map<string, UgaZone>();
  const rankInDepartment = new Map<string, number>();
  for (const commune of [...COMMUNES].sort((a, b) => (a.insee < b.insee ? -1 : 1))) {
    const rank = (rankInDepartment.get(commune.department) ?? 0) + 1;
    rankInDepartment.set(commune.department, rank);
    zones.set(commune.insee, { code: `${commune.department}${String(rank).padStart(2, '0')}`, name: commune.label });
  }
  return zones;
})();

export function ugaZoneOf(commune: Commune): UgaZone {
  const zone = UGA_ZONE_BY_INSEE.get(commune.insee);
  if (!zone) throw new Error(`no UGA zone for commune ${commune.insee}`);
  return zone;
}

/**
 * The first digit after 0 of a landline in the commune's area: 01 Île-de-France, 02 north-west,
 * 03 north-east, 04 south-east and Corsica, 05 south-west.
 */
export function landlineAreaDigit(department: string): number {
  if (['75', '77', '78', '91', '92', '93', '94', '95'].includes(department)) return 1;
  if (NORTH_WEST.has(department)) return 2;
  if (NORTH_EAST.has(department)) return 3;
  if (SOUTH_WEST.has(department)) return 5;
  return 4;
}

const NORTH_WEST = new Set([
  '14',
  '27',
  '50',
  '61',
  '76',
  '22',
  '29',
  '35',
  '56',
  '44',
  '49',
  '53',
  '72',
  '85',
  '18',
  '28',
  '36',
  '37',
  '41',
  '45',
]);
const NORTH_EAST = new Set([
  '02',
  '59',
  '60',
  '62',
  '80',
  '08',
  '10',
  '51',
  '52',
  '54',
  '55',
  '57',
  '67',
  '68',
  '88',
  '21',
  '25',
  '39',
  '58',
  '70',
  '71',
  '89',
  '90',
]);
const SOUTH_WEST = new Set([
  '16',
  '17',
  '19',
  '23',
  '24',
  '33',
  '40',
  '47',
  '64',
  '79',
  '86',
  '87',
  '09',
  '12',
  '31',
  '32',
  '46',
  '65',
  '81',
  '82',
]);

/** A list written as comma-separated words (compact to read and to review). */
function list(text: string): readonly string[] {
  return text
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
}

export const MALE_FIRST_NAMES: readonly string[] = list(`
  Jean, Pierre, Michel, Philippe, Alain, Patrick, Nicolas, Christophe, Laurent, Frédéric, Stéphane, Éric,
  David, Julien, Sébastien, Olivier, Thierry, Vincent, François, Antoine, Guillaume, Thomas, Alexandre, Maxime,
  Mathieu, Romain, Jérôme, Benoît, Bruno, Didier, Emmanuel, Fabrice, Franck, Gilles, Hervé, Jacques,
  Jean-Claude, Jean-François, Jean-Luc, Jean-Marc, Jean-Pierre, Jean-Baptiste, Jean-Michel, Jean-Yves,
  Jean-Paul, Jean-Louis, Lionel, Loïc, Marc, Pascal, Patrice, Paul, Raphaël, Rémi, Sylvain, Yann, Yves, Xavier,
  Arnaud, Aurélien, Baptiste, Benjamin, Cédric, Clément, Damien, Denis, Étienne, Florian, Grégoire, Hugo,
  Jonathan, Louis, Lucas, Ludovic, Marc-Antoine, Matthieu, Michaël, Samuel, Simon, Thibault, Tristan, Valentin,
  Victor, Adrien, Anthony, Arthur, Bastien, Charles, Christian, Daniel, Gérard, Henri, Joël, Karim, Mehdi,
  Yacine, Rachid, Mohamed, Hakim, Samir, Gaël, Erwan, Ronan, Yannick, Corentin, Mickaël, Régis, Serge, René,
  Bernard, Georges, Hubert, Ghislain, Noël, Quentin, Alexis, Théo, Jules, Gabriel, Léo, Martin, Félix, Amaury,
  Édouard, Frédérick, Gautier, Hadrien, Kévin, Maël, Nathan, Renaud, Stanislas, Timothée
`);

export const FEMALE_FIRST_NAMES: readonly string[] = list(`
  Marie, Nathalie, Isabelle, Sylvie, Catherine, Christine, Sophie, Valérie, Sandrine, Véronique, Céline,
  Stéphanie, Caroline, Julie, Aurélie, Émilie, Laure, Claire, Anne, Anne-Sophie, Marie-Claire, Marie-Hélène,
  Hélène, Élodie, Delphine, Virginie, Agnès, Béatrice, Brigitte, Chantal, Corinne, Florence, Françoise,
  Martine, Monique, Nadine, Pascale, Patricia, Laurence, Karine, Mélanie, Audrey, Charlotte, Clémence, Élise,
  Emma, Léa, Manon, Chloé, Sarah, Pauline, Marion, Mathilde, Justine, Margaux, Juliette, Alice, Lucie, Anaïs,
  Amandine, Gaëlle, Solène, Maëlle, Morgane, Noémie, Ophélie, Annabelle, Bérénice, Capucine, Constance, Diane,
  Éléonore, Estelle, Fanny, Geneviève, Inès, Jeanne, Joséphine, Laetitia, Lucile, Marine, Muriel, Nadia,
  Fatima, Leïla, Samira, Yasmine, Nina, Sabine, Séverine, Sonia, Valentine, Victoire, Zoé, Aude, Bénédicte,
  Cécile, Élisabeth, Frédérique, Ghislaine, Lydie, Marie-Christine, Marie-Laure, Marie-Pierre, Marie-Anne,
  Anne-Laure, Anne-Claire, Armelle, Blandine, Coralie, Édith, Églantine, Hortense, Irène, Jacqueline, Loïse,
  Maud, Océane, Rose, Salomé, Tiphaine, Vanessa
`);

/** Names given to boys and girls alike, for doctors whose gender is 'O'. */
export const EPICENE_FIRST_NAMES: readonly string[] = list(`
  Camille, Dominique, Claude, Alix, Sacha, Charlie, Morgan, Andréa, Lou, Eden, Noa, Ange
`);

/** Common French surnames, with accented, particle and compound ones. */
export const LAST_NAMES: readonly string[] = list(`
  Martin, Bernard, Thomas, Petit, Robert, Richard, Durand, Dubois, Moreau, Laurent, Simon, Michel, Lefebvre,
  Leroy, Roux, David, Bertrand, Morel, Fournier, Girard, Bonnet, Dupont, Lambert, Fontaine, Rousseau, Vincent,
  Muller, Lefèvre, Faure, André, Mercier, Blanc, Guérin, Boyer, Garnier, Chevalier, François, Legrand,
  Gauthier, Garcia, Perrin, Robin, Clément, Morin, Nicolas, Henry, Roussel, Mathieu, Gautier, Masson, Marchand,
  Duval, Denis, Dumont, Marie, Lemaire, Noël, Meyer, Dufour, Meunier, Brun, Blanchard, Giraud, Joly, Rivière,
  Lucas, Brunet, Gaillard, Barbier, Arnaud, Martinez, Gérard, Roche, Renard, Schmitt, Roy, Leroux, Colin,
  Vidal, Caron, Picard, Roger, Fabre, Aubert, Lemoine, Renaud, Dumas, Lacroix, Olivier, Philippe, Bourgeois,
  Pierre, Benoît, Rey, Leclerc, Payet, Rolland, Leclercq, Guillaume, Lecomte, Lopez, Jean, Dupuy, Guillot,
  Hubert, Berger, Carpentier, Sanchez, Dupuis, Moulin, Louis, Deschamps, Huet, Vasseur, Perez, Boucher, Fleury,
  Royer, Klein, Jacquet, Adam, Paris, Poirier, Marty, Aubry, Guyot, Carré, Charles, Renault, Charpentier,
  Ménard, Maillard, Baron, Bertin, Bailly, Hervé, Schneider, Fernandez, Le Gall, Collet, Léger, Bouvier,
  Julien, Prévost, Millet, Perrot, Daniel, Le Roux, Cousin, Germain, Breton, Besson, Langlois, Rémy, Le Goff,
  Pelletier, Lévêque, Perrier, Leblanc, Barré, Lebrun, Marchal, Weber, Mallet, Hamon, Boulanger, Jacob,
  Monnier, Michaud, Rodriguez, Guichard, Gillet, Étienne, Grondin, Poulain, Tessier, Chevallier, Collin,
  Chauvin, Da Silva, Bouchet, Gay, Lemaître, Bénard, Maréchal, Humbert, Reynaud, Antoine, Hoarau, Perret,
  Barthélemy, Cordier, Pichon, Lejeune, Gilbert, Lamy, Delaunay, Pasquier, Carlier, Laporte, Le Bihan, Le Bras,
  Le Floch, Tanguy, Quéméner, Kerbrat, Guével, Wagner, Koenig, Schwartz, Hoffmann, Kieffer, Etcheverry,
  Iriarte, Castaing, Teissier, Santoni, Luciani, Pietri, Nguyen, Tran, Benali, Haddad, Mansouri, Bouaziz,
  Diallo, Traoré, Cohen, Lévy, Dos Santos, Ferreira, Pereira, Rossi, Fontana, Hébert, Chéron, Després, Bréhier,
  Géraud, Delacroix, de La Fontaine, de Castelnau, d'Argent, Saint-Martin, Duchêne, Desmarais, Lefranc,
  Beaumont, Vallée, Texier, Couturier, Rigaud, Jourdan, Navarro, Ollivier, Marchetti, Bourdon, Benhamou,
  Sauvage, Dupré, Verdier, Chartier, Bonnin, Lebon, Aubin, Gros, Thibault, Poulet, Lebreton, Blondel, Gaudin,
  Brunel, Rivière-Dumas, Lagarde, Carrière, Besnard, Labbé, Pinto, Morvan, Hamel, Camus
`);

export const STREET_TYPES: readonly string[] = list(`
  rue, rue, rue, avenue, boulevard, place, allée, impasse, chemin, quai, cours, route
`);

export const STREET_NAMES: readonly string[] = list(`
  de la République, Victor Hugo, Jean Jaurès, du Général de Gaulle, Pasteur, de la Gare, Gambetta, Jules Ferry,
  Nationale, de l'Église, du Maréchal Foch, Carnot, de la Paix, des Écoles, du 8 Mai 1945, de la Liberté,
  Émile Zola, Louis Pasteur, du Moulin, de Verdun, Aristide Briand, de Paris, Voltaire, Georges Clemenceau,
  Anatole France, de la Mairie, Jean Moulin, Saint-Martin, du Château, des Lilas, des Tilleuls, du Stade,
  de Strasbourg, du Maréchal de Lattre de Tassigny, du 11 Novembre 1918, Albert Camus, Paul Bert,
  Marcel Pagnol, des Acacias, Pierre et Marie Curie, d'Alsace-Lorraine, de la Libération, du Commerce,
  de la Fontaine, Hoche, Thiers, Denfert-Rochereau, Lamartine, Racine, Molière, des Fleurs, du Port,
  Saint-Jacques, Sadi Carnot, du Docteur Schweitzer, Ambroise Paré, Claude Bernard, Charles de Gaulle,
  des Peupliers, de Bretagne, Félix Faure, Édouard Herriot, de la Résistance, des Jardins, du Marché,
  Jeanne d'Arc, Saint-Louis, Montaigne, Rabelais, Condorcet, Danton, Mirabeau, des Quatre Vents, du Parc,
  de la Croix Blanche
`);

/** The street names offices are named after ('Cabinet médical Pasteur'). */
export const OFFICE_STREET_NAMES: readonly string[] = list(`
  Pasteur, Victor Hugo, des Lilas, du Parc, Saint-Jean, de la Gare, Carnot, des Arcades, du Centre, Gambetta,
  Jean Jaurès, des Tilleuls, Ambroise Paré, Claude Bernard, de la Mairie, du Marché
`);

/**
 * Office names: {city} is the commune's name (with 'de'/'d'' handled by the generator), {street} one of the
 * office street names, {doctor} a surname, {saint} a saint's name.
 */
export const OFFICE_NAME_PATTERNS: readonly { pattern: string; sector: string; weight: number }[] = [
  { pattern: 'Cabinet médical {street}', sector: 'Libéral', weight: 14 },
  { pattern: 'Cabinet médical du Dr {doctor}', sector: 'Libéral', weight: 12 },
  { pattern: 'Cabinet des Drs {doctor} et {doctor2}', sector: 'Libéral', weight: 6 },
  { pattern: 'Cabinet de cardiologie {street}', sector: 'Libéral', weight: 3 },
  { pattern: 'Cabinet de dermatologie {city_de}', sector: 'Libéral', weight: 3 },
  { pattern: 'Cabinet de pédiatrie {street}', sector: 'Libéral', weight: 3 },
  { pattern: 'Cabinet de neurologie {city_de}', sector: 'Libéral', weight: 2 },
  { pattern: 'Centre médical {street}', sector: 'Libéral', weight: 8 },
  { pattern: 'Centre de santé {city_de}', sector: 'Centre de santé', weight: 5 },
  { pattern: 'Centre de santé municipal {city_de}', sector: 'Centre de santé', weight: 3 },
  { pattern: 'Maison de santé pluriprofessionnelle {city_de}', sector: 'Maison de santé', weight: 6 },
  { pattern: 'Maison de santé pluriprofessionnelle {street}', sector: 'Maison de santé', weight: 3 },
  { pattern: 'Centre médico-psychologique {city_de}', sector: 'Hospitalier', weight: 2 },
  { pattern: 'Centre hospitalier {city_de}', sector: 'Hospitalier', weight: 3 },
  { pattern: 'Clinique {saint}', sector: 'Clinique privée', weight: 4 },
  { pattern: 'Polyclinique {street}', sector: 'Clinique privée', weight: 2 },
  { pattern: 'Hôpital privé {city_de}', sector: 'Clinique privée', weight: 1 },
];

export const SAINTS: readonly string[] = list(`
  Saint-Joseph, Sainte-Anne, Saint-Jean, Saint-Martin, Sainte-Marie, Saint-Vincent, Saint-Louis, Saint-Michel,
  Sainte-Thérèse, Saint-Augustin, Saint-Roch, Sainte-Odile, du Parc, des Cèdres, Pasteur, Jeanne d'Arc,
  Les Tilleuls, La Pergola, Bel Air, Le Méridien
`);

export const OFFICE_EMAIL_DOMAINS: readonly string[] = list(`
  orange.fr, wanadoo.fr, gmail.com, free.fr, sfr.fr, laposte.net
`);
export const DOCTOR_EMAIL_DOMAINS: readonly string[] = list(`
  gmail.com, orange.fr, wanadoo.fr, free.fr, sfr.fr, laposte.net, medecin.mssante.fr, yahoo.fr, hotmail.fr, outlook.fr
`);

/** Titles by primary specialty (the spec's English names as keys), the most frequent repeated. */
export const TITLES_BY_SPECIALTY: Readonly<Record<(typeof SPEC_SPECIALTIES)[number], readonly string[]>> = {
  Cardiology: list(
    'Cardiologue, Cardiologue, Cardiologue, Cardiologue interventionnel, Rythmologue, Médecin vasculaire',
  ),
  Dermatology: list('Dermatologue, Dermatologue, Dermatologue-vénéréologue, Dermatologue pédiatrique'),
  Neurology: list('Neurologue, Neurologue, Neurologue, Neurophysiologiste, Neuropédiatre'),
  Pediatrics: list('Pédiatre, Pédiatre, Pédiatre, Néonatologiste, Pédiatre allergologue'),
  Psychiatry: list("Psychiatre, Psychiatre, Pédopsychiatre, Addictologue, Psychiatre de l'enfant et de l'adolescent"),
};

/** Titles any specialty may carry, rarer. */
export const GENERAL_TITLES: readonly string[] = list(`
  Médecin généraliste, Praticien hospitalier, Chef de clinique, Chef de service
`);
export const PROFESSOR_TITLE = 'Professeur des universités – praticien hospitalier';
