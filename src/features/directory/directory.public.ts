// The directory feature's browser surface: the Settings card and the shapes the landing search renders.
export { DirectoryVisibilityCard } from './visibility-card'
export type { LawyerCardDto, LawyerSearchPage, PublicProfileDto } from './directory.schema'
