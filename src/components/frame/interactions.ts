// One chunk for what the frame loads after the page: the splitter and the phone's modal sheet.
export { Splitter } from './splitter';
export { ModalSheet } from './use-modal-sheet';
