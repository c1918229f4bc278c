/** The API's resources as the console reads them (the fields it shows). */

export interface Links {
  self?: string;
  next?: string;
}

export interface Zone {
  id: string;
  name: string;
  email: string;
  description: string | null;
  ttl: number;
  serial: number;
  status: string;
  action: string;
  type: string;
  project_id: string;
  created_at: string;
  updated_at: string | null;
}

export interface RecordSet {
  id: string;
  name: string;
  type: string;
  records: string[];
  ttl: number | null;
  description: string | null;
  status: string;
  action: string;
}

export interface RRsetState {
  ttl: number | null;
  records: string[];
}

export interface ZoneChange {
  id: string;
  previous_serial: number | null;
  serial: number;
  created_at: string;
  source: string;
  comment: string | null;
  status: string;
  actor: {
    user_id: string | null;
    project_id: string | null;
    key_name: string | null;
    request_id: string | null;
  };
  rrsets: { name: string; type: string; before: RRsetState | null; after: RRsetState | null }[];
}

export interface BatchAction {
  action: 'CREATE' | 'UPSERT' | 'DELETE';
  name: string;
  type: string;
  ttl?: number | null;
  records?: string[];
}

export interface Session {
  strategy: 'token' | 'keystone' | 'noauth';
  signed_in: boolean;
  project_id?: string | null;
  user_id?: string;
  roles?: string[];
  expires_at?: string | null;
  csrf_token?: string;
}

export interface Task {
  id: string;
  status: string;
  message: string | null;
  zone_id: string | null;
}
