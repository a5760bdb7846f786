/**
 * Profiles and strategies the writers are tried on (tests and `npm run bench:quality`): empty fields,
 * one word, long text, lists, names in other scripts, emoji, odd punctuation. Each case is a whole
 * month of real planning.
 */
import type { CallToAction } from '@shared/domain/options';
import { EMPTY_PROFILE_INPUT, type Profile } from '@shared/schemas/profile';
import { DEFAULT_STRATEGY, type Strategy } from '@shared/schemas/strategy';

export interface CorpusCase {
  name: string;
  profile: Profile;
  strategy: Strategy;
  year: number;
  month: number;
}

const profile = (fields: Partial<Profile>): Profile => ({ ...EMPTY_PROFILE_INPUT, completedOnboarding: true, updatedAt: null, timeZone: 'UTC', ...fields });
const strategy = (fields: Partial<Strategy>): Strategy => ({ ...DEFAULT_STRATEGY, ...fields });
const ALL_CTAS: CallToAction[] = ['Visit Website', 'Schedule Appointment', 'Contact Us', 'Learn More', 'Follow/Subscribe', 'Shop Now'];

export const WRITER_CORPUS: CorpusCase[] = [
  {
    name: 'the issue’s dental practice',
    profile: profile({
      companyName: 'Bright Smile Dental',
      industry: 'dental',
      toneOfVoice: ['formal'],
      targetAudience: 'young professionals within 10 miles who want friendly, modern dental care',
      businessGoals: ['brandAwareness', 'customerEngagement'],
      description: 'Modern dental clinic. Teeth whitening, implants and check-ups.',
    }),
    strategy: strategy({
      postFrequency: 3,
      preferredDays: ['Monday', 'Wednesday', 'Friday'],
      keyThemes: 'Teeth whitening offers, Meet the team',
      selectedCTAs: ['Schedule Appointment', 'Learn More'],
    }),
    year: 2026,
    month: 12,
  },
  { name: 'everything empty', profile: profile({}), strategy: strategy({}), year: 2026, month: 12 },
  {
    name: 'one word everywhere',
    profile: profile({ companyName: 'Zed', targetAudience: 'everyone', description: 'Bakery' }),
    strategy: strategy({ keyThemes: 'Bread' }),
    year: 2027,
    month: 1,
  },
  {
    name: 'long text everywhere',
    profile: profile({
      companyName: 'The Very Long Name Partnership of Independent Insurance Brokers and Financial Advisers Ltd',
      industry: 'insurance',
      toneOfVoice: ['authoritative', 'professional'],
      targetAudience: 'families, small business owners, landlords, retired couples and anyone else who wants to understand their cover without jargon '.repeat(
        3,
      ),
      description: 'We have been helping people since 1990 with home, car, travel, pet and business cover; we compare more than forty insurers. '.repeat(4),
      businessGoals: ['brandAwareness'],
    }),
    strategy: strategy({
      postFrequency: 5,
      keyThemes: 'A very long theme about saving money on home insurance premiums when you renew your policy every single year '.repeat(2),
      selectedCTAs: ALL_CTAS,
    }),
    year: 2027,
    month: 3,
  },
  {
    name: 'themes as a list with lines and semicolons',
    profile: profile({ companyName: 'Nook Books', toneOfVoice: ['conversational'], businessGoals: ['customerEngagement'] }),
    strategy: strategy({
      postFrequency: 4,
      keyThemes: 'New arrivals\nAuthor events; Book club picks, Gift cards',
      selectedCTAs: ['Visit Website', 'Shop Now', 'Follow/Subscribe'],
    }),
    year: 2027,
    month: 2,
  },
  {
    name: 'a name in Japanese',
    profile: profile({ companyName: '山田歯科クリニック', industry: 'dental', toneOfVoice: ['professional'], targetAudience: '東京の家族' }),
    strategy: strategy({ postFrequency: 3, keyThemes: '定期検診, ホワイトニング', selectedCTAs: ['Contact Us'] }),
    year: 2026,
    month: 12,
  },
  {
    name: 'emoji in the name and themes',
    profile: profile({ companyName: '🦷 Tooth Fairy Co.', industry: 'dental', toneOfVoice: ['funny', 'animated'], targetAudience: 'kids 🧒 and parents' }),
    strategy: strategy({ postFrequency: 2, keyThemes: '🍭 sweets, ✨ sparkle smiles', useEmojis: true, selectedCTAs: ['Schedule Appointment'] }),
    year: 2027,
    month: 4,
  },
  {
    name: 'names in Greek and German',
    profile: profile({ companyName: 'Ασφάλειες Παπαδόπουλος', industry: 'insurance', targetAudience: 'Familien in München' }),
    strategy: strategy({ postFrequency: 3, keyThemes: 'Hausratversicherung, Kfz-Versicherung' }),
    year: 2027,
    month: 5,
  },
  {
    name: 'plural themes',
    profile: profile({ companyName: 'Harbour Insurance', industry: 'insurance', toneOfVoice: ['formal'], targetAudience: 'Small business owners' }),
    strategy: strategy({ postFrequency: 3, keyThemes: 'Teeth whitening offers, Claims tips, Winter storms', selectedCTAs: ['Contact Us', 'Visit Website'] }),
    year: 2027,
    month: 6,
  },
  {
    name: 'a sentence as the theme',
    profile: profile({ companyName: 'Café Noir', toneOfVoice: ['informal'], targetAudience: 'coffee lovers who work from home and want a quiet corner' }),
    strategy: strategy({ postFrequency: 3, keyThemes: 'We are open late on Fridays now!' }),
    year: 2027,
    month: 7,
  },
  {
    name: 'odd punctuation',
    profile: profile({ companyName: '  "Quotes" & Co.  ', targetAudience: '...people!!!', description: '???' }),
    strategy: strategy({ postFrequency: 2, keyThemes: '  ,,; --, #1 priority, (brackets) ', hashtags: '#a, ##b, c d' }),
    year: 2027,
    month: 8,
  },
  {
    name: 'upper-case shouting',
    profile: profile({ companyName: 'MEGA DEALS', toneOfVoice: ['enthusiastic'], targetAudience: 'BARGAIN HUNTERS' }),
    strategy: strategy({ postFrequency: 4, keyThemes: 'BLACK FRIDAY, CYBER MONDAY', selectedCTAs: ['Shop Now'] }),
    year: 2026,
    month: 11,
  },
  {
    name: 'a brand-name theme',
    profile: profile({ companyName: 'Smile Studio', industry: 'dental', toneOfVoice: ['conversational'], targetAudience: 'adults' }),
    strategy: strategy({ postFrequency: 3, keyThemes: 'Invisalign, iPhone photos of your smile', selectedCTAs: ['Learn More'] }),
    year: 2027,
    month: 9,
  },
  {
    name: 'every day, every type, holidays',
    profile: profile({
      companyName: 'Daily Dental',
      industry: 'dental',
      toneOfVoice: ['enthusiastic'],
      businessGoals: ['brandAwareness', 'customerEngagement'],
      website: 'dailydental.example',
    }),
    strategy: strategy({
      postFrequency: 7,
      contentTypes: ['Text only', 'Images', 'Videos', 'Carousels'],
      keyThemes: 'Healthy habits',
      selectedCTAs: ALL_CTAS,
      includeHolidays: true,
      selectedHolidays: [
        { date: '2026-12-25', name: 'Christmas Day' },
        { date: '2026-12-31', name: "New Year's Eve" },
      ],
    }),
    year: 2026,
    month: 12,
  },
  {
    name: 'no emojis, formal insurance',
    profile: profile({ companyName: 'Shield Mutual', industry: 'insurance', toneOfVoice: ['formal', 'authoritative'], targetAudience: 'Retired couples' }),
    strategy: strategy({ postFrequency: 2, useEmojis: false, keyThemes: 'Travel insurance, Home cover', selectedCTAs: ['Contact Us'] }),
    year: 2027,
    month: 10,
  },
  {
    name: 'one post a week on Sunday',
    profile: profile({ companyName: 'Sunday Roast', toneOfVoice: ['conversational'] }),
    strategy: strategy({ postFrequency: 1, preferredDays: ['Sunday'], keyThemes: 'Sunday lunch' }),
    year: 2027,
    month: 2,
  },
  {
    name: 'an audience with a clause',
    profile: profile({
      companyName: 'Fit Physio',
      toneOfVoice: ['professional'],
      targetAudience: 'runners who have been injured, or who want to avoid injury',
    }),
    strategy: strategy({ postFrequency: 3, keyThemes: 'Recovery, Stretching' }),
    year: 2027,
    month: 11,
  },
  {
    name: 'lower-case everything',
    profile: profile({ companyName: 'little leaf tea', targetAudience: 'tea drinkers', toneOfVoice: ['informal'] }),
    strategy: strategy({ postFrequency: 3, keyThemes: 'green tea, herbal blends' }),
    year: 2028,
    month: 1,
  },
  {
    name: 'a website and every call to action',
    profile: profile({ companyName: 'Web Shop', website: 'https://webshop.example/very/long/path?with=query', businessGoals: ['brandAwareness'] }),
    strategy: strategy({ postFrequency: 6, selectedCTAs: ALL_CTAS, keyThemes: 'Summer sale' }),
    year: 2028,
    month: 6,
  },
  {
    name: 'Arabic and Hebrew names',
    profile: profile({ companyName: 'عيادة الابتسامة', industry: 'dental', targetAudience: 'משפחות' }),
    strategy: strategy({ postFrequency: 2, keyThemes: 'تبييض الأسنان' }),
    year: 2028,
    month: 2,
  },
  {
    name: 'many themes, few posts',
    profile: profile({ companyName: 'Busy Bee', toneOfVoice: ['animated'] }),
    strategy: strategy({ postFrequency: 1, keyThemes: 'one, two, three, four, five, six, seven', selectedCTAs: ALL_CTAS }),
    year: 2028,
    month: 3,
  },
];
