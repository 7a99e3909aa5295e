export { Rooms, type RoomsDeps, type SessionsOfDeleted } from './service';
export { ROOMS_FILE, roomsFilePath } from './file';
